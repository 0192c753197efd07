package program_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/pipe"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/program"
)

func TestReason(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bot.Ending
	}{
		{"no answer in time", fmt.Errorf("%w: prog: %w", pipe.ErrEngine, context.DeadlineExceeded), program.TimedOut},
		{"output ended", fmt.Errorf("%w: prog %w", pipe.ErrEngine, pipe.ErrExited), program.Exited},
		{"illegal move", fmt.Errorf("%w: prog played a1-a7: %w", program.ErrIllegalMove, errors.New("congo: illegal move")), program.Illegal},
		{"nonsense", fmt.Errorf("%w: prog: empty bestmove", pipe.ErrEngine), program.BadResponse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := program.Reason(tt.err); got != tt.want {
				t.Errorf("Reason(%v): got %q; want %q", tt.err, got, tt.want)
			}
		})
	}
}

func TestFailed(t *testing.T) {
	live := context.Background()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	exitedErr := fmt.Errorf("%w: prog %w", pipe.ErrEngine, pipe.ErrExited)
	tests := []struct {
		name    string
		ctx     context.Context
		err     error
		loses   bool
		wantWhy bot.Ending
	}{
		{"started and exited", live, exitedErr, true, program.Exited},
		{"not found", live, fmt.Errorf("%w: start prog: %w", pipe.ErrEngine, exec.ErrNotFound), false, ""},
		{"not there", live, fmt.Errorf("%w: start prog: %w", pipe.ErrEngine, fs.ErrNotExist), false, ""},
		{"not allowed", live, fmt.Errorf("%w: start prog: %w", pipe.ErrEngine, fs.ErrPermission), false, ""},
		{"the host gave up", done, exitedErr, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := program.Failed(tt.ctx, tt.err)
			var pe *bot.ProgramError
			if loses := errors.As(got, &pe); loses != tt.loses {
				t.Fatalf("Failed(%v): got a ProgramError %v; want %v", tt.err, loses, tt.loses)
			}
			if !errors.Is(got, tt.err) {
				t.Errorf("Failed(%v): got %v; want it to wrap the error", tt.err, got)
			}
			if tt.loses && (pe.Reason != tt.wantWhy || !errors.Is(got, bot.ErrProgram)) {
				t.Errorf("Failed(%v): got reason %q; want %q, wrapping bot.ErrProgram", tt.err, pe.Reason, tt.wantWhy)
			}
		})
	}
}

func TestRefused(t *testing.T) {
	live := context.Background()
	for _, tt := range []struct {
		name    string
		illegal bool
		want    bot.Ending
	}{
		{"a move the rules forbid", true, program.Illegal},
		{"no move at all", false, program.BadResponse},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := program.Refused(live, "prog", "z9", errors.New("parse"), tt.illegal)
			pe, ok := errors.AsType[*bot.ProgramError](err)
			if !ok || pe.Reason != tt.want {
				t.Fatalf("Refused: got %v; want a ProgramError ending %q", err, tt.want)
			}
		})
	}
}
