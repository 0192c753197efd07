package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/ataxxbot/ataxxbot/adapters/console"
	"github.com/ataxxbot/ataxxbot/adapters/discord"
	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/metrics"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// opsServer is the running HTTP server, if any: stop ends it gracefully
// and waits for it.
type opsServer struct {
	reg  *prometheus.Registry // nil when there is no server
	stop func()
}

// opsMetrics makes the operator's metrics registry when cfg.HTTP.Listen
// names an address, and the Observer that counts what the bot does into
// it, for the hosted kinds and the networks served. Without an address it
// makes neither (nil, nil).
func opsMetrics(cfg Config, networked bool, kinds []bot.Kind) (*prometheus.Registry, metrics.Observer, error) {
	if cfg.HTTP.Listen == "" {
		return nil, nil, nil
	}
	reg := prometheus.NewRegistry()
	for _, c := range []prometheus.Collector{
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	} {
		if err := reg.Register(c); err != nil {
			return nil, nil, fmt.Errorf("http: metrics: %w", err)
		}
	}
	var names []string
	for _, k := range kinds {
		names = append(names, strings.ToLower(k.Spec().Name))
	}
	networks := []string{console.Network}
	if networked {
		networks = []string{irc.Network, discord.Network}
	}
	m, err := web.NewMetrics(reg, names, networks)
	if err != nil {
		return nil, nil, err
	}
	return reg, m, nil
}

// startHTTP starts the operator's HTTP server when cfg.HTTP.Listen names
// an address, serving reg (from opsMetrics), and binds the address at
// once (a taken port is an error now, not later). Without an address it
// does nothing.
func startHTTP(ctx context.Context, cfg Config, reg *prometheus.Registry, b *host, st bot.Store, log *slog.Logger) (opsServer, error) {
	if cfg.HTTP.Listen == "" {
		return opsServer{stop: func() {}}, nil
	}
	srv, err := web.New(web.Config{Addr: cfg.HTTP.Listen, Store: st, Gatherer: reg, Games: b, Play: b.Web, Log: log,
		MaxStreams: cfg.HTTP.MaxStreams, StreamsPerClient: cfg.HTTP.StreamsPerClient, ClientHeader: cfg.HTTP.ClientHeader})
	if err != nil {
		return opsServer{}, fmt.Errorf("http: %w", err)
	}
	if err := srv.Listen(); err != nil {
		return opsServer{}, fmt.Errorf("http.listen %s: %w", cfg.HTTP.Listen, err)
	}
	log.Info("http listening", "addr", srv.Addr())
	base := cfg.HTTP.PublicURL
	if base == "" {
		base = "http://" + srv.Addr()
	}
	b.base.Store(&base)
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ctx); err != nil {
			log.Error("http server stopped", "err", err)
		}
	}()
	return opsServer{reg: reg, stop: func() { cancel(); <-done }}, nil
}

// registerGauges adds an adapter's gauges to reg (nothing without a
// server).
func registerGauges(reg *prometheus.Registry, outboxDepth func() int, gatewayUp func() bool) error {
	if reg == nil {
		return nil
	}
	if err := web.RegisterGauges(reg, outboxDepth, gatewayUp); err != nil {
		return fmt.Errorf("http: %w", err)
	}
	return nil
}
