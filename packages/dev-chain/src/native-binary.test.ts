import hardhatPackage from 'hardhat/package.json' with { type: 'json' };
import { expect, it } from 'vitest';
import ownPackage from '../package.json' with { type: 'json' };

// The binary is our own dependency (see README) so npm on Node 20 cannot skip it; EDR must find the
// build of its own version, so a Hardhat upgrade that moves EDR must move this pin too.
it('pins the EDR native binary to the EDR version Hardhat runs', () => {
  expect(ownPackage.dependencies['@nomicfoundation/edr-linux-x64-gnu']).toBe(
    hardhatPackage.dependencies['@nomicfoundation/edr'],
  );
});
