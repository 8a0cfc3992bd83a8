import { beginEarlyStartup } from './early-startup';

beginEarlyStartup();
// The async boundary Module Federation needs before any shared module is used (docs/architecture.md, Build notes).
import('./bootstrap');
