package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/klauspost/compress/gzhttp"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// ErrConfig is a Server configuration that cannot serve.
var ErrConfig = errors.New("web: bad configuration")

// healthKey is the key /healthz reads: nobody writes it, so a store
// that answers says "not found", cheaply.
const healthKey = "healthz:probe"

// Config is what the Server serves.
type Config struct {
	// Addr is the address to listen on: "127.0.0.1:8080", ":8080";
	// port 0 picks a free one (see Server.Addr).
	Addr string
	// Store is asked by /healthz.
	Store bot.Store
	// Gatherer is what /metrics shows (the wiring's registry); nil: no
	// /metrics.
	Gatherer prometheus.Gatherer
	// HealthTimeout bounds /healthz's read; default 2s.
	HealthTimeout time.Duration
	// ShutdownGrace is how long requests in flight (a live page's event
	// stream ends at once) may take after the context ends; default 5s.
	ShutdownGrace time.Duration
	// Games are what the pages show; nil: no pages (/healthz and
	// /metrics only).
	Games Games
	// Play opens the play pages (/play/TOKEN): a seated player's own
	// view of their table, and what they say there; nil: no play pages.
	// It needs Games.
	Play Play
	// PollEvery is how often a live page's stream reads its game or
	// tournament; default 1s.
	PollEvery time.Duration
	// MaxStreams bounds the live pages open at once; default 256.
	MaxStreams int
	// StreamsPerClient bounds the live pages one client address holds
	// open at once (an IPv6 address counts as its /64); default 4.
	StreamsPerClient int
	// ClientHeader names the header a proxy in front of the server puts
	// the client's address in ("X-Forwarded-For", "X-Real-IP"); its last
	// address is the client's. "": the connection's address. Set it only
	// behind a proxy that sets the header, or a client picks its own.
	ClientHeader string
	Log          *slog.Logger
}

// Server is the HTTP server. Make it with New, then Listen and Serve (or
// Run).
type Server struct {
	cfg Config
	mux *http.ServeMux
	srv *http.Server
	ln  net.Listener
	// stop ends the event streams when the server shuts down.
	stop    context.Context
	cancel  context.CancelFunc
	pages   *pages
	streams chan struct{} // a token per open live page
	clients clientStreams // the live pages of each client address
}

// New checks cfg and makes the server's routes.
func New(cfg Config) (*Server, error) {
	if cfg.Addr == "" {
		return nil, fmt.Errorf("%w: no address to listen on", ErrConfig)
	}
	if cfg.Store == nil {
		return nil, fmt.Errorf("%w: no store for /healthz", ErrConfig)
	}
	if cfg.HealthTimeout <= 0 {
		cfg.HealthTimeout = 2 * time.Second
	}
	if cfg.ShutdownGrace <= 0 {
		cfg.ShutdownGrace = 5 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.PollEvery <= 0 {
		cfg.PollEvery = time.Second
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = 256
	}
	if cfg.StreamsPerClient <= 0 {
		cfg.StreamsPerClient = 4
	}
	if cfg.Play != nil && cfg.Games == nil {
		return nil, fmt.Errorf("%w: play pages without the games' pages", ErrConfig)
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), streams: make(chan struct{}, cfg.MaxStreams), clients: clientStreams{most: cfg.StreamsPerClient}}
	s.stop, s.cancel = context.WithCancel(context.Background())
	s.mux.HandleFunc("GET /healthz", s.health)
	if cfg.Gatherer != nil {
		s.mux.Handle("GET /metrics", promhttp.HandlerFor(cfg.Gatherer, promhttp.HandlerOpts{
			ErrorLog: slogPrinter{cfg.Log}, ErrorHandling: promhttp.ContinueOnError,
		}))
	}
	if cfg.Games != nil {
		p, err := newPages()
		if err != nil {
			return nil, err
		}
		s.pages = p
		s.mux.HandleFunc("GET /{$}", s.index)
		s.mux.HandleFunc("GET /games/{id}", s.game)
		s.mux.HandleFunc("GET /games/{id}/events", s.events)
		s.mux.HandleFunc("GET /games/{id}/export", s.export)
		s.mux.HandleFunc("GET /games/{id}/board.png", s.board)
		s.mux.HandleFunc("GET /games/{id}/replay.json", s.replay)
		s.mux.HandleFunc("GET /top/{kind}", s.top)
		s.mux.HandleFunc("GET /tournaments", s.tournaments)
		s.mux.HandleFunc("GET /tournaments/{id}", s.tournament)
		s.mux.HandleFunc("GET /tournaments/{id}/events", s.tournamentEvents)
		s.mux.Handle("GET /static/", p.static)
	}
	if cfg.Play != nil {
		s.mux.HandleFunc("GET /play/{token}", s.playPage)
		s.mux.HandleFunc("GET /play/{token}/events", s.playEvents)
		s.mux.HandleFunc("POST /play/{token}/say", s.playSay)
	}
	s.srv = &http.Server{
		Handler:           secure(s.compressed()),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(cfg.Log.Handler(), slog.LevelDebug),
	}
	return s, nil
}

// Handler is the server's routes, for tests and for mounting elsewhere.
func (s *Server) Handler() http.Handler { return secure(s.compressed()) }

// compressed gzips the pages, the files and the JSON for a client that
// takes it (a play page is a third of its size so); an event stream (a
// live page's) and /metrics (which compresses itself) go as they are.
func (s *Server) compressed() http.Handler {
	gz := gzhttp.GzipHandler(s.mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/events") || r.URL.Path == "/metrics" {
			s.mux.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}

// Listen binds the address, so that a bad one fails at once.
func (s *Server) Listen() error {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("web: listen: %w", err)
	}
	s.ln = ln
	return nil
}

// Addr is the address listened on (with the port chosen for port 0), or
// "" before Listen.
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// Serve serves on the listener until ctx ends, then stops taking
// requests and waits up to ShutdownGrace for those in flight.
func (s *Server) Serve(ctx context.Context) error {
	if s.ln == nil {
		if err := s.Listen(); err != nil {
			return err
		}
	}
	s.cfg.Log.Info("http serving", "addr", s.Addr())
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Serve(s.ln) }()
	select {
	case err := <-errc:
		s.cancel()
		return fmt.Errorf("web: serve: %w", err)
	case <-ctx.Done():
	}
	s.cancel() // event streams end; their clients reconnect elsewhere
	sctx, done := context.WithTimeout(context.Background(), s.cfg.ShutdownGrace)
	defer done()
	if err := s.srv.Shutdown(sctx); err != nil {
		s.srv.Close()
		return fmt.Errorf("web: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("web: serve: %w", err)
	}
	return nil
}

// Run is Listen and Serve.
func (s *Server) Run(ctx context.Context) error {
	if err := s.Listen(); err != nil {
		return err
	}
	return s.Serve(ctx)
}

// health answers 200 when the store answers a read within the timeout,
// 503 otherwise; one line either way. The store's own error is logged,
// not shown.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.HealthTimeout)
	defer cancel()
	_, _, err := s.cfg.Store.Load(ctx, healthKey)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err != nil && !errors.Is(err, bot.ErrNotFound) && !errors.Is(err, bot.ErrDamaged) {
		s.cfg.Log.Warn("health check: the store does not answer", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "storage unavailable")
		return
	}
	fmt.Fprintln(w, "ok")
}

// secure adds the headers every answer carries: nothing here runs a
// script but our own file, frames nothing, and sends no referrer.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Frame-Options", "DENY")
		h.ServeHTTP(w, r)
	})
}

// slogPrinter passes promhttp's errors to the log.
type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Println(v ...any) { p.log.Warn("metrics: " + fmt.Sprint(v...)) }
