package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// fakeLeaser answers Lease from a script the test changes as it goes:
// an error (the store unreachable), or whether the lease is ours.
type fakeLeaser struct {
	mu    sync.Mutex
	held  bool
	err   error
	calls int
}

func (f *fakeLeaser) Lease(ctx context.Context, name, holder string, ttl time.Duration) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ttl > 0 {
		f.calls++
	}
	return f.held, f.err
}

func (f *fakeLeaser) set(held bool, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.held, f.err, f.calls = held, err, 0
}

// waitCalls waits until Lease has been asked n times since the last set.
func (f *fakeLeaser) waitCalls(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		f.mu.Lock()
		c := f.calls
		f.mu.Unlock()
		if c >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Lease asked %d times; want %d", c, n)
		}
	}
}

// leased runs serveLeased on l with a serve that reports when it starts
// and waits for its context.
func leased(ctx context.Context, l leaser, ttl time.Duration) (started chan struct{}, stopped chan struct{}, result chan error) {
	started, stopped, result = make(chan struct{}), make(chan struct{}), make(chan error, 1)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() {
		result <- serveLeased(ctx, l, "irc:net", "me", ttl, log, func(ctx context.Context) error {
			close(started)
			<-ctx.Done()
			close(stopped)
			return nil
		})
	}()
	return started, stopped, result
}

func TestServeLeased(t *testing.T) {
	const ttl = 100 * time.Millisecond
	unreachable := errors.New("dial tcp 127.0.0.1:1: connection refused")
	t.Run("an unreachable store longer than the ttl keeps serving", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		l := &fakeLeaser{held: true}
		started, stopped, result := leased(ctx, l, ttl)
		<-started
		l.set(false, unreachable)
		l.waitCalls(t, 30) // at least 3 ttls of failed renewals
		l.set(true, nil)   // the store is back: the lease is renewed (or taken again)
		l.waitCalls(t, 2)
		select {
		case err := <-result:
			t.Fatalf("serveLeased returned %v during and after an outage; want it still serving", err)
		case <-stopped:
			t.Fatal("serving stopped during an outage of the store; want it kept")
		default:
		}
		cancel()
		if err := <-result; err != nil {
			t.Fatalf("after cancel: got %v; want nil", err)
		}
	})
	t.Run("another holder stops it", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		l := &fakeLeaser{held: true}
		started, stopped, result := leased(ctx, l, ttl)
		<-started
		l.set(false, unreachable)
		l.waitCalls(t, 3)
		l.set(false, nil) // the store answers: someone else holds it
		select {
		case err := <-result:
			if !errors.Is(err, errLeaseLost) {
				t.Fatalf("got %v; want errLeaseLost", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("still serving while another process holds the lease")
		}
		select {
		case <-stopped:
		default:
			t.Fatal("serveLeased returned with serve still running")
		}
	})
	t.Run("a standby takes the lease when it frees", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		l := &fakeLeaser{held: false}
		started, _, result := leased(ctx, l, ttl)
		l.waitCalls(t, 2)
		l.set(false, unreachable) // a standby that cannot reach the store waits too
		l.waitCalls(t, 2)
		select {
		case <-started:
			t.Fatal("a standby served without the lease")
		default:
		}
		l.set(true, nil)
		select {
		case <-started:
		case <-time.After(10 * time.Second):
			t.Fatal("the standby never took the free lease")
		}
		cancel()
		if err := <-result; err != nil {
			t.Fatalf("after cancel: got %v; want nil", err)
		}
	})
}

// TestRedisOutageOnIRC: one bot process on a real IRC server, with its
// lease and games in a real Redis that stops for 20 s, far longer than
// lease_ttl. The bot keeps its connection, answers "Storage unavailable"
// meanwhile, and plays on when Redis is back.
func TestRedisOutageOnIRC(t *testing.T) {
	t.Parallel() // mostly waiting out the outage
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and the bot")
	}
	srv := ircdtest.Start(t)
	rds := redistest.Start(t)
	bin := buildBot(t)
	cfg := writeConfig(t, fmt.Sprintf("store: %s\nlog_level: info\nlease_ttl: 1s\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [\"#blip\"]\n", rds.URL, srv.Port))
	cmd := exec.Command(bin, "-config", cfg)
	logs := &lockedBuffer{}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	p := ircdtest.Connect(t, srv, "kai", "kai")
	p.JoinWith("#blip", "ataxxbot", 30*time.Second)
	p.Say("#blip", "!ataxx start ai:1")
	p.Expect(`PRIVMSG #blip :Game on: Red \(kai\)`, 30*time.Second)

	rds.Stop()
	outage := time.Now()
	time.Sleep(3 * time.Second) // three lease_ttls: the lease has expired
	p.Say("#blip", "!ataxx status")
	p.Expect(`PRIVMSG #blip :.*Storage unavailable, try again in a moment\.`, 30*time.Second)
	time.Sleep(20*time.Second - time.Since(outage))
	select {
	case err := <-exited:
		t.Fatalf("the bot exited during the outage (%v); its log:\n%s", err, logs.String())
	default:
	}
	rds.Restart()
	// The store's client redials within a second or so of the server's
	// return: until then a command may still find it unavailable.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		p.Say("#blip", "!ataxx status")
		if lines := p.Expect(`PRIVMSG #blip :(Ataxx: Red \(kai\)|.*Storage unavailable)`, 30*time.Second); strings.Contains(lines[len(lines)-1], "Ataxx: Red") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the store never came back for the bot; its log:\n%s", logs.String())
		}
	}
	p.Say("#blip", "!a7-b6")
	p.Expect(`PRIVMSG #blip :Red \(kai\) plays a7-b6`, 30*time.Second)
	p.Expect(`PRIVMSG #blip :Blue \(AI level 1\) plays`, 30*time.Second)
	select {
	case err := <-exited:
		t.Fatalf("the bot exited (%v); its log:\n%s", err, logs.String())
	default:
	}
	for _, l := range p.All() {
		if strings.Contains(l, "ataxxbot!") && strings.Contains(l, " QUIT ") {
			t.Fatalf("the bot left the network during the outage: %q", l)
		}
	}
}
