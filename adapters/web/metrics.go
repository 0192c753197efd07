package web

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/metrics"
	"github.com/prometheus/client_golang/prometheus"
)

// Label values that stand for many or none.
const (
	LabelNone  = "none"
	LabelOther = "other"
)

// maxEndings is how many distinct endings a kind's finished games are
// counted under before the rest are "other": kinds declare a handful.
const maxEndings = 24

// Metrics counts what the bot does into a Prometheus registry. It is a
// metrics.Observer (package bot/metrics); make it with NewMetrics.
type Metrics struct {
	kinds    []string // hosted kinds, lower case
	networks []string // served networks

	commands    *prometheus.CounterVec
	refused     *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	started     *prometheus.CounterVec
	finished    *prometheus.CounterVec
	think       *prometheus.HistogramVec
	storeErrors *prometheus.CounterVec

	mu      sync.Mutex
	endings map[string]bool // "kind/ending" counted under its own name
}

var _ metrics.Observer = (*Metrics)(nil)

// NewMetrics registers the bot's metrics in reg, for the hosted kinds
// and the networks served (other values are counted as "other").
func NewMetrics(reg prometheus.Registerer, kinds, networks []string) (*Metrics, error) {
	m := &Metrics{endings: map[string]bool{}}
	for _, k := range kinds {
		m.kinds = append(m.kinds, strings.ToLower(k))
	}
	m.networks = append(m.networks, networks...)
	m.commands = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "ataxxbot_commands_total",
		Help: "Commands answered, by network, kind of game (none: about no game) and verb (other: not a declared command).",
	}, []string{"network", "kind", "verb"})
	m.refused = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "ataxxbot_commands_refused_total",
		Help: "Commands answered with a refusal (bad input, not your turn, storage unavailable), labelled as ataxxbot_commands_total.",
	}, []string{"network", "kind", "verb"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "ataxxbot_command_duration_seconds",
		Help:    "Time from a command's arrival to its replies (without the AI's answer, which comes later), by network and kind.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"network", "kind"})
	m.started = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "ataxxbot_games_started_total",
		Help: "Games whose play began, by kind.",
	}, []string{"kind"})
	m.finished = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "ataxxbot_games_finished_total",
		Help: "Games that ended, by kind and how they ended (none: the kind gave no ending).",
	}, []string{"kind", "ending"})
	m.think = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "ataxxbot_ai_think_seconds",
		Help:    "Time an AI seat took for one action, from its turn's load to the action's save (nearly all of it search), by kind.",
		Buckets: []float64{.001, .005, .01, .05, .1, .25, .5, 1, 2, 5, 10, 30, 60},
	}, []string{"kind"})
	m.storeErrors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "ataxxbot_store_errors_total",
		Help: "Store operations that failed (not a missing record or a lost compare-and-set), by operation.",
	}, []string{"op"})
	for _, c := range []prometheus.Collector{m.commands, m.refused, m.latency, m.started, m.finished, m.think, m.storeErrors} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("web: metrics: %w", err)
		}
	}
	for _, k := range m.kinds { // every kind shows, at zero, from the start
		m.started.WithLabelValues(k)
	}
	return m, nil
}

// RegisterGauges registers the gauges that read an adapter's state when
// scraped: the IRC outbox's waiting lines and the Discord gateway's
// state. A nil function registers nothing (the network is not served).
func RegisterGauges(reg prometheus.Registerer, outboxDepth func() int, gatewayUp func() bool) error {
	if outboxDepth != nil {
		g := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "ataxxbot_irc_outbox_lines",
			Help: "Lines waiting in the IRC outbox for the server's flood limit.",
		}, func() float64 { return float64(outboxDepth()) })
		if err := reg.Register(g); err != nil {
			return fmt.Errorf("web: metrics: %w", err)
		}
	}
	if gatewayUp != nil {
		g := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "ataxxbot_discord_gateway_connected",
			Help: "1 while the Discord gateway is connected (READY and no disconnect since), else 0.",
		}, func() float64 {
			if gatewayUp() {
				return 1
			}
			return 0
		})
		if err := reg.Register(g); err != nil {
			return fmt.Errorf("web: metrics: %w", err)
		}
	}
	return nil
}

// kind is a kind label: hosted, "none" or "other".
func (m *Metrics) kind(k string) string {
	k = strings.ToLower(k)
	switch {
	case k == "":
		return LabelNone
	case slices.Contains(m.kinds, k):
		return k
	}
	return LabelOther
}

func (m *Metrics) network(n string) string {
	if slices.Contains(m.networks, n) {
		return n
	}
	return LabelOther
}

// verb keeps what the bot already bounded (declared names, "move",
// "other") from growing: a verb that is not one short word is "other".
func verb(v string) string {
	if v == "" {
		return LabelNone
	}
	if len(v) > 24 || strings.IndexFunc(v, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '-' || r == '_' || r == '?') }) >= 0 {
		return LabelOther
	}
	return v
}

// CommandDone counts a command and its latency.
func (m *Metrics) CommandDone(network, kind, v string, d time.Duration, err error) {
	network, kind, v = m.network(network), m.kind(kind), verb(v)
	m.commands.WithLabelValues(network, kind, v).Inc()
	if err != nil {
		m.refused.WithLabelValues(network, kind, v).Inc()
	}
	m.latency.WithLabelValues(network, kind).Observe(d.Seconds())
}

// GameStarted counts a game begun.
func (m *Metrics) GameStarted(kind string) { m.started.WithLabelValues(m.kind(kind)).Inc() }

// GameFinished counts a game ended; the first maxEndings distinct
// endings keep their names, later ones are "other".
func (m *Metrics) GameFinished(kind string, ending bot.Ending) {
	kind = m.kind(kind)
	e := strings.ToLower(string(ending))
	switch {
	case e == "":
		e = LabelNone
	case len(e) > 40:
		e = LabelOther
	default:
		m.mu.Lock()
		key := kind + "/" + e
		if !m.endings[key] {
			if len(m.endings) < maxEndings {
				m.endings[key] = true
			} else {
				e = LabelOther
			}
		}
		m.mu.Unlock()
	}
	m.finished.WithLabelValues(kind, e).Inc()
}

// AIThought observes an AI action's time.
func (m *Metrics) AIThought(kind string, d time.Duration) {
	m.think.WithLabelValues(m.kind(kind)).Observe(d.Seconds())
}

// StoreError counts a failed store operation.
func (m *Metrics) StoreError(op string) {
	if len(op) > 24 {
		op = LabelOther
	}
	m.storeErrors.WithLabelValues(op).Inc()
}
