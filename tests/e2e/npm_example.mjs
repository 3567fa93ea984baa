// The example of README.md and site/npm/README.md (the three lines a web developer types),
// run by tests/e2e/e2e_npm.sh in the scratch project where the package is installed.
import {openPack} from "klotski";
const pack = await openPack();                 // the pack the package carries
console.log(await pack.minSteps("横刀立马"));    // 81
