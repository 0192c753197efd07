package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"
)

// leaser is a store that offers leases: several bot processes sharing one
// store keep one connection per chat network, so every command is answered
// once, and another process takes over when the holder dies.
type leaser interface {
	Lease(ctx context.Context, name, holder string, ttl time.Duration) (bool, error)
}

// errLeaseLost: another process holds this network's lease, so this one
// stopped serving it.
var errLeaseLost = errors.New("lost the network's lease")

// holderID names this process among those sharing the store.
func holderID() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	rand.Read(b)
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b))
}

// leasePoll is how often a standby asks for the lease and the holder
// renews it: a tenth of ttl, at most a second, so a standby takes over
// within about ttl (plus the chat connection's own start) of the holder's
// death.
func leasePoll(ttl time.Duration) time.Duration {
	return min(max(ttl/10, 10*time.Millisecond), time.Second)
}

// serveLeased runs serve while this process holds the lease name, waiting
// (as a standby) while another process holds it.
//
// An unreachable store is not a lost lease: the holder keeps serving
// (commands answer "storage unavailable") and keeps renewing, and when the
// store answers again the renewal either succeeds (the lease is still
// ours, or it expired and nobody took it: it is taken again) or says that
// another process holds it. Only then does serve stop, and serveLeased
// returns errLeaseLost so that the process exits and its supervisor
// starts it again as a standby. A standby takes the lease only from the
// store, so while the store is unreachable for everyone nobody takes
// over; only a standby that reaches the store while the holder cannot
// may, after ttl, serve beside it until the holder reaches the store.
func serveLeased(ctx context.Context, l leaser, name, holder string, ttl time.Duration, log *slog.Logger, serve func(context.Context) error) error {
	tick := time.NewTicker(leasePoll(ttl))
	defer tick.Stop()
	waiting, unreachable := false, false
	for {
		held, err := l.Lease(ctx, name, holder, ttl)
		if err == nil && held {
			break
		}
		switch {
		case err != nil && !unreachable:
			log.Warn("cannot reach the store for the network's lease; standing by until it answers", "network", name, "err", err)
			unreachable = true
		case err == nil && !waiting:
			log.Info("another process serves this network; standing by", "network", name)
			waiting, unreachable = true, false
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
	log.Info("holding the network's lease", "network", name)
	serveCtx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- serve(serveCtx) }()
	defer func() {
		release, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		l.Lease(release, name, holder, 0) // a graceful stop hands over at once
	}()
	var lapsed time.Time // when renewals began to fail; zero while they work
	for {
		select {
		case err := <-done:
			return err
		case <-ctx.Done():
			stop()
			<-done
			return nil
		case <-tick.C:
			held, err := l.Lease(ctx, name, holder, ttl)
			switch {
			case ctx.Err() != nil:
				// stopping; the next loop returns
			case err == nil && held:
				if !lapsed.IsZero() {
					log.Info("the store answers again; holding the network's lease", "network", name, "after", time.Since(lapsed).Round(time.Millisecond))
					lapsed = time.Time{}
				}
			case err == nil:
				log.Error("stopping: another process holds the network's lease", "network", name)
				stop()
				<-done
				return fmt.Errorf("%s: %w", name, errLeaseLost)
			case lapsed.IsZero():
				log.Warn("cannot renew the network's lease: the store is unreachable; still serving, and renewing", "network", name, "err", err)
				lapsed = time.Now()
			}
		}
	}
}
