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

// errLeaseLost: this process could not keep its network's lease (the store
// was unreachable for too long, or another process took it).
var errLeaseLost = errors.New("lost the network's lease")

// holderID names this process among those sharing the store.
func holderID() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	rand.Read(b)
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b))
}

// serveLeased runs serve while this process holds the lease name, waiting
// (as a standby) while another process holds it. It renews the lease every
// third of ttl; when a renewal fails for longer than half the ttl, it stops
// serving and returns errLeaseLost, so the process exits and its supervisor
// restarts it as a standby, rather than two processes answering.
func serveLeased(ctx context.Context, l leaser, name, holder string, ttl time.Duration, log *slog.Logger, serve func(context.Context) error) error {
	every := max(ttl/3, 10*time.Millisecond)
	tick := time.NewTicker(every)
	defer tick.Stop()
	waiting := false
	for {
		held, err := l.Lease(ctx, name, holder, ttl)
		if err == nil && held {
			break
		}
		if !waiting {
			log.Info("another process serves this network; standing by", "network", name, "err", err)
			waiting = true
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
	renewed := time.Now()
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
			case err == nil && held:
				renewed = time.Now()
			case err == nil && !held, time.Since(renewed) > ttl/2:
				log.Error("stopping: this process no longer holds the network's lease", "network", name, "err", err)
				stop()
				<-done
				return fmt.Errorf("%s: %w", name, errLeaseLost)
			default:
				log.Warn("renewing the network's lease", "network", name, "err", err)
			}
		}
	}
}
