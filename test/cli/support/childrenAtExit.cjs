// Preloaded into `check` (NODE_OPTIONS=--require): when the process exits, write down which of its child processes
// are still alive (zombies, already ended, excepted) to the file named by TSL_CHILDREN_AT_EXIT.
const fs = require('node:fs');

function liveChildren(parent) {
  const out = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent && fields[0] !== 'Z') out.push(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim());
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

// Registered before anything of the CLI: runs first, before any exit hook could still kill a child.
process.on('exit', () => fs.writeFileSync(process.env.TSL_CHILDREN_AT_EXIT, JSON.stringify(liveChildren(process.pid))));
