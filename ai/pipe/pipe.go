// Package pipe runs an engine program and talks to it line by line: the
// part the UAI and UGI clients (ai/uai, ai/ugi) share.
package pipe

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// ErrEngine: the engine misbehaved (died, timed out, or answered nonsense).
var ErrEngine = errors.New("engine failed")

// ErrExited: the engine's output ended (it exited) before it answered.
// Errors that wrap it wrap ErrEngine too.
var ErrExited = errors.New("exited")

// Process is a running engine program.
type Process struct {
	Name string // for messages: the path, or the engine's "id name"

	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // its output, closed when it exits
}

// Start runs path with args, reading its output line by line.
func Start(path string, args []string) (*Process, error) {
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w: start %s: %w", ErrEngine, path, err)
	}
	p := &Process{Name: path, cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	return p, nil
}

// Send writes one line.
func (p *Process) Send(line string) error {
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		return fmt.Errorf("%w: %s: write: %w", ErrEngine, p.Name, err)
	}
	return nil
}

// Until reads lines until match accepts one, which it returns.
func (p *Process) Until(ctx context.Context, match func(string) bool) (string, error) {
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return "", fmt.Errorf("%w: %s %w", ErrEngine, p.Name, ErrExited)
			}
			if match(l) {
				return l, nil
			}
		case <-ctx.Done():
			return "", fmt.Errorf("%w: %s: %w", ErrEngine, p.Name, ctx.Err())
		}
	}
}

// Close says quit, and kills the program if it has not ended within grace.
func (p *Process) Close(grace time.Duration) error {
	p.Send("quit")
	p.in.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(grace):
		p.cmd.Process.Kill()
		<-done
	}
	return nil
}

// Handshake runs path with args and opens a conversation in protocol
// ("uai", "ugi": the name the engine answers with protocol+"ok"): it
// takes the engine's "id name" as Name, sets the options ("name" ->
// "value") and waits for readyok, all within ten seconds of ctx. When a
// step fails it closes the program, with grace (see Close), and returns
// the error.
func Handshake(ctx context.Context, path string, args []string, protocol string, options map[string]string, grace time.Duration) (*Process, error) {
	p, err := Start(path, args)
	if err != nil {
		return nil, err
	}
	hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := p.handshake(hctx, protocol, options); err != nil {
		p.Close(grace)
		return nil, err
	}
	return p, nil
}

func (p *Process) handshake(ctx context.Context, protocol string, options map[string]string) error {
	if err := p.Send(protocol); err != nil {
		return err
	}
	if _, err := p.Until(ctx, func(l string) bool {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			p.Name = name
		}
		return l == protocol+"ok"
	}); err != nil {
		return err
	}
	for name, value := range options {
		if err := p.Send(fmt.Sprintf("setoption name %s value %s", name, value)); err != nil {
			return err
		}
	}
	return p.Ready(ctx)
}

// Ready sends isready and waits for readyok.
func (p *Process) Ready(ctx context.Context) error {
	if err := p.Send("isready"); err != nil {
		return err
	}
	_, err := p.Until(ctx, func(l string) bool { return l == "readyok" })
	return err
}

// StartAllowance is what a clocked move keeps back for an engine
// process's start, handshake and exit, which the game's clock pays too
// (engines are run one process a move).
const StartAllowance = 200 * time.Millisecond

// MinMoveTime is the least time an engine is given on a move.
const MinMoveTime = 20 * time.Millisecond

// MoveTimeWithin is the time to give an engine whose own time a move is
// moveTime when the game's clock leaves budget for the move (0: no
// clock): moveTime or, when less, the budget less StartAllowance, and
// never under MinMoveTime.
func MoveTimeWithin(moveTime, budget time.Duration) time.Duration {
	if budget > 0 {
		moveTime = min(moveTime, budget-StartAllowance)
	}
	return max(MinMoveTime, moveTime)
}
