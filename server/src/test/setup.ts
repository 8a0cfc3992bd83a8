// oidc-provider warns at import that Node 20 is not its preferred runtime (it works; STACK-NOTES). The
// warning repeats in every test file and hides real output, so only that one line is dropped.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: Unsupported runtime')) return;
  warn(...args);
};
