//go:build !unix

package agent

import (
	"os"
	"os/exec"
)

type sig int

const (
	sigStop sig = iota
	sigCont
	sigKill
)

func setGroup(cmd *exec.Cmd) {}

// signalGroup can only kill where there are no process groups; pausing is
// not available.
func signalGroup(cmd *exec.Cmd, s sig) {
	if s == sigKill && cmd.Process != nil {
		cmd.Process.Signal(os.Kill)
	}
}
