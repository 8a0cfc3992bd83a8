// Standalone run only (`npm run start -w mfe-system`): inside the shell, the shell loads the CSS once.
import '@surfnet/sds/styles/sds.css';
import '@surfnet/sds/esm/index.css';
import 'react-tooltip/dist/react-tooltip.css';
import { renderStandalone } from 'shared-ui/standalone';
import contributions from './contributions';

const root = document.getElementById('root');
if (root) renderStandalone(contributions, root);
