import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { chosenBranch } from '../../lib/branch';

/**
 * "Change branch", with the branch this device orders from. On the hub it opens the chooser here;
 * on a branch's own host it leads to the hub's chooser. Nothing when no branch is chosen.
 */
export function ChangeBranchLink() {
  const branch = chosenBranch();
  if (!branch) return null;
  const name = branch.name;
  const label = <Trans>Change branch</Trans>;
  return (
    <p className="branch-line">
      <span>
        <Trans>Your branch: {name}</Trans>
      </span>{' '}
      {branch.hub === location.origin ? (
        <Link to="/select-branch" className="branch-line__change">
          {label}
        </Link>
      ) : (
        <a href={`${branch.hub}/select-branch`} className="branch-line__change">
          {label}
        </a>
      )}
    </p>
  );
}
