// Package pipetest helps the tests of engine programs run as child
// processes: it builds one of our commands for a test, and lists the
// processes a process has left running (to check that every engine it
// started was reaped).
package pipetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Build builds our command cmd/NAME ("ugi", "ataxx-uai",
// "stratego-agent") into the test's temporary directory and returns its
// path.
func Build(t testing.TB, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/ataxxbot/ataxxbot/cmd/"+name).CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/%s: %v\n%s", name, err, out)
	}
	return bin
}

// Children lists the processes whose parent is pid, zombies included
// (Linux: /proc/PID/task/*/children; elsewhere none).
func Children(t testing.TB, pid int) []string {
	t.Helper()
	tasks, err := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/children")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range tasks {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // the thread ended
		}
		out = append(out, strings.Fields(string(data))...)
	}
	return out
}
