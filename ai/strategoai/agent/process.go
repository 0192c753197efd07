package agent

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// Sentinel errors of an agent process. Functions wrap them with context;
// test with errors.Is.
var (
	// ErrTimeout: the agent did not answer within its time.
	ErrTimeout = errors.New("agent timed out")
	// ErrExited: the agent's output ended (it exited, crashed, or closed
	// its standard output) or its input was closed.
	ErrExited = errors.New("agent exited")
	// ErrGarbage: the agent wrote a line longer than MaxLine.
	ErrGarbage = errors.New("agent wrote garbage")
)

// MaxLine bounds the length of a line an agent may write.
const MaxLine = 4096

// Process is an agent program running as a child process with its
// standard input and output on pipes: one line per message. It is started
// with no arguments, in its own process group so that a wrapper script's
// children are paused and killed with it. It is always reaped: Kill and
// Close wait for it.
type Process struct {
	cmd    *exec.Cmd
	in     *os.File
	lines  chan lineOrErr
	exited chan struct{}
	once   sync.Once
	err    error // of Wait, valid after exited is closed
}

type lineOrErr struct {
	line string
	err  error
}

// Start runs the program at path with no arguments. Its standard error
// goes to stderr (nil discards it).
func Start(path string, stderr io.Writer) (*Process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	cmd := exec.Command(path)
	cmd.Args = []string{path}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, stderr
	setGroup(cmd)
	// A descendant that escaped the group could hold a copied stderr
	// open; do not let it keep Wait (and the reaping) waiting.
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	inR.Close()
	outW.Close()
	p := &Process{cmd: cmd, in: inW, lines: make(chan lineOrErr, 64), exited: make(chan struct{})}
	go p.read(outR)
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

func (p *Process) read(r *os.File) {
	defer r.Close()
	defer close(p.lines)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), MaxLine)
	for sc.Scan() {
		line := sc.Text()
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		p.lines <- lineOrErr{line: line}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		p.lines <- lineOrErr{err: fmt.Errorf("a line over %d bytes: %w", MaxLine, ErrGarbage)}
	}
}

// Pid returns the process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Send writes each line followed by "\n". A write that cannot finish
// within a second (the agent stopped reading and the pipe is full) or
// that fails is ErrExited.
func (p *Process) Send(lines ...string) error {
	for _, l := range lines {
		p.in.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			return fmt.Errorf("write to agent: %v: %w", err, ErrExited)
		}
	}
	return nil
}

// ReadLine returns the agent's next line (without "\n" or "\r\n"),
// waiting at most timeout (0 or less: forever).
func (p *Process) ReadLine(timeout time.Duration) (string, error) {
	var tc <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		tc = t.C
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", fmt.Errorf("read from agent: output closed: %w", ErrExited)
		}
		return l.line, l.err
	case <-tc:
		return "", fmt.Errorf("no line within %v: %w", timeout, ErrTimeout)
	}
}

// Pause stops the agent (SIGSTOP to its group) while it is not on move,
// as the progcomp manager does, so it cannot think on the opponent's time.
func (p *Process) Pause() { p.signal(sigStop) }

// Resume continues a paused agent.
func (p *Process) Resume() { p.signal(sigCont) }

// signal signals the group only while the leader is not reaped, so that a
// reused process id is never signalled.
func (p *Process) signal(s sig) {
	select {
	case <-p.exited:
	default:
		signalGroup(p.cmd, s)
	}
}

// Exited returns a channel closed once the process has exited and been
// reaped.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// Kill kills the agent's process group at once and waits until it is
// reaped. It may be called more than once.
func (p *Process) Kill() {
	p.once.Do(func() { p.in.Close() })
	select {
	case <-p.exited:
	default:
		signalGroup(p.cmd, sigKill)
		p.cmd.Process.Kill()
		<-p.exited
	}
}

// Close closes the agent's input, gives it grace to exit by itself, then
// kills it; it returns once the process is reaped.
func (p *Process) Close(grace time.Duration) {
	p.once.Do(func() { p.in.Close() })
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
	}
	p.Kill()
}
