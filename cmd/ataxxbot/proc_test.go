package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// proc is a bot process the test talks to through pipes.
type proc struct {
	name  string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // stdout, line by line; closed at exit
}

// startProc starts bin with args (and extra environment), killed at the
// end of the test.
func startProc(t *testing.T, bin, name string, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{name: name, cmd: cmd, stdin: stdin, lines: make(chan string, 1<<16)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return p
}

func (p *proc) send(t *testing.T, line string) {
	t.Helper()
	if _, err := fmt.Fprintln(p.stdin, line); err != nil {
		t.Fatalf("%s: write %q: %v", p.name, line, err)
	}
}

// expect reads lines until one contains want and returns the lines read.
func (p *proc) expect(t *testing.T, want string, timeout time.Duration) []string {
	t.Helper()
	var seen []string
	deadline := time.After(timeout)
	for {
		select {
		case line, open := <-p.lines:
			if !open {
				t.Fatalf("%s exited before %q; it said:\n%s", p.name, want, strings.Join(seen, "\n"))
			}
			seen = append(seen, line)
			if strings.Contains(line, want) {
				return seen
			}
		case <-deadline:
			t.Fatalf("%s: no %q within %v; it said:\n%s", p.name, want, timeout, strings.Join(seen, "\n"))
		}
	}
}

// drain returns what the process says within d.
func (p *proc) drain(d time.Duration) []string {
	var seen []string
	deadline := time.After(d)
	for {
		select {
		case line, open := <-p.lines:
			if !open {
				return seen
			}
			seen = append(seen, line)
		case <-deadline:
			return seen
		}
	}
}
