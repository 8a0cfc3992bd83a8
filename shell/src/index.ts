import { receiveEarlyStartup } from './early-startup';

receiveEarlyStartup();
// The async boundary Module Federation needs before any shared module is used (docs/architecture.md, Build notes).
import('./bootstrap');
