// Loaded with `node --import` into every test server: when the process that started it is gone
// (a test runner killed with SIGKILL, say), the server exits too instead of living on.
const startedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== startedBy) process.exit(1);
}, 1000).unref();
