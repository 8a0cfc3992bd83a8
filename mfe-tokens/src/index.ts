// The async boundary Module Federation needs before any shared module is used (STACK-NOTES).
import('./bootstrap');
