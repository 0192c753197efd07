// Package ugitest helps tests of the programs that speak UGI: stand-ins,
// shell scripts that do the handshake and then misbehave (or answer) as a
// test says.
package ugitest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// handshake is a UGI program's answers to all but go, as a shell script
// noting each position line in LOG.
const handshake = `#!/bin/sh
while read -r line; do
  case "$line" in
    ugi) echo "id name stand-in"; echo ugiok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
    position*) echo "$line" >> LOG ;;
`

// StandIn writes a UGI program named name whose answer to go is the
// shell command goCase ("echo 'bestmove a2-a3'", "exit 4"; "" for no
// answer at all), and returns it and the file of the position lines it
// heard.
func StandIn(t testing.TB, name, goCase string) (path, log string) {
	t.Helper()
	dir := t.TempDir()
	log = filepath.Join(dir, name+".log")
	path = filepath.Join(dir, name)
	script := strings.ReplaceAll(handshake, "LOG", log)
	if goCase != "" {
		script += "    go*) " + goCase + " ;;\n"
	}
	script += "  esac\ndone\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}
