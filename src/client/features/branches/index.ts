export { ChangeBranchLink } from './ChangeBranchLink';
export { changesHost, switchBranch } from './switch';
export { loadBranchMessages } from './load-messages';
