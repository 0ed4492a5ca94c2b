export { ChangeBranchLink } from './ChangeBranchLink';
export { changesHost, switchBranch } from './switch';
