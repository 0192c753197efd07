//go:build unix

package agent

import (
	"os/exec"
	"syscall"
)

type sig = syscall.Signal

const (
	sigStop = syscall.SIGSTOP
	sigCont = syscall.SIGCONT
	sigKill = syscall.SIGKILL
)

func setGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// signalGroup signals the agent's process group (its pid, by Setpgid).
func signalGroup(cmd *exec.Cmd, s syscall.Signal) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, s)
	}
}
