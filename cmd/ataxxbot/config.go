package main

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/limits"
	"go.yaml.in/yaml/v3"
)

// Config is the YAML configuration file; config.example.yaml documents
// every option.
type Config struct {
	Prefix   string      `yaml:"prefix"`
	Admins   []string    `yaml:"admins"`
	Rules    string      `yaml:"rules"`
	Store    StoreConfig `yaml:"store"`
	LogLevel string      `yaml:"log_level"`
	AI       struct {
		DefaultLevel int           `yaml:"default_level"`
		MaxLevel     int           `yaml:"max_level"`
		MoveTime     time.Duration `yaml:"move_time"`
		Searchers    int           `yaml:"searchers"`
		HashMB       int           `yaml:"hash_mb"`
		MinThink     time.Duration `yaml:"min_think"`
	} `yaml:"ai"`
	Engines []EngineConfig `yaml:"engines"`
	// Games are per-kind settings: games: {ataxx: {rules: manual, engines: [...]}}.
	// The top-level rules and engines are shorthand for games.ataxx.
	Games       map[string]GameConfig `yaml:"games"`
	DefaultGame string                `yaml:"default_game"`
	IdleAfter   time.Duration         `yaml:"idle_after"`
	Archive     *bool                 `yaml:"archive"` // default true
	LeaseTTL    time.Duration         `yaml:"lease_ttl"`
	RecordCache int                   `yaml:"record_cache"` // tables kept in memory; 0: 10,000; negative: none
	IRC         *IRCConfig            `yaml:"irc"`
	Discord     *DiscordConfig        `yaml:"discord"`
	Challenge   struct {
		Timeout    time.Duration `yaml:"timeout"`
		UndoWindow time.Duration `yaml:"undo_window"`
		DrawWindow time.Duration `yaml:"draw_window"`
	} `yaml:"challenge"`
	Clock struct {
		// Default is the clock of a game started without one: "" (off),
		// "10m+5s", "5m", "1d" (see bot.ParseTimeControl).
		Default string `yaml:"default"`
		control bot.TimeControl
	} `yaml:"clock"`
	// Tournament is how the bot runs !tournament's games between
	// programs: in the background, Games at once per process.
	Tournament struct {
		Games    int `yaml:"games"`     // default 1
		MaxPlies int `yaml:"max_plies"` // a game this long is drawn; default 1000, negative: none
	} `yaml:"tournament"`
	Console struct {
		Channel string `yaml:"channel"`
		User    string `yaml:"user"`
	} `yaml:"console"`
	// Limits are what one person (one identity on one network) may do;
	// admins are exempt. Zero takes the default, negative is no limit.
	Limits LimitsConfig `yaml:"limits"`
	// HTTP is the operator's window: /healthz, /metrics and the games'
	// read-only pages. Off unless Listen (or -http) names an address.
	HTTP struct {
		Listen string `yaml:"listen"`
		// PublicURL is where players reach the pages (the proxy's
		// address): lines that name a game link to its page.
		PublicURL string `yaml:"public_url"`
		// MaxStreams bounds the live pages open at once, and
		// StreamsPerClient those of one client address; ClientHeader
		// names the header a proxy in front puts the client's address
		// in (the last value is taken). See config.example.yaml.
		MaxStreams       int    `yaml:"max_streams"`
		StreamsPerClient int    `yaml:"streams_per_client"`
		ClientHeader     string `yaml:"client_header"`
		// LinkSecret signs the play links (web); or the environment's
		// ATAXXBOT_LINK_SECRET. Empty: a key of the process's own.
		LinkSecret string `yaml:"link_secret"`
		// LinkTTL is how long a play link works; default 12h.
		LinkTTL time.Duration `yaml:"link_ttl"`
	} `yaml:"http"`
}

// LimitsConfig is the limits: section (limits.Config and the tournaments
// per identity, with the program's defaults).
type LimitsConfig struct {
	Rate        float64       `yaml:"rate"`        // commands a second; default 2
	Burst       int           `yaml:"burst"`       // commands at once; default 10
	Notice      time.Duration `yaml:"notice"`      // a refused person is told once per this; default 1m
	Games       int           `yaml:"games"`       // games in play; default 4
	Challenges  int           `yaml:"challenges"`  // games waiting for players; default 5
	Tournaments int           `yaml:"tournaments"` // waiting or running; default 2
	// Console: the console's lines are rate-limited too (they are not
	// by default: one local user, or a script piped in).
	Console bool `yaml:"console"`
}

// The limits a config that says nothing gets.
const (
	defaultRate        = 2
	defaultBurst       = 10
	defaultNotice      = time.Minute
	defaultGames       = 4
	defaultChallenges  = 5
	defaultTournaments = 2
	// maxStakeLimit is the highest games or challenges limit that can
	// be counted: the host finds a player's games among the last 32
	// tables they sat at.
	maxStakeLimit = 32
)

// check validates the limits and fills in defaults.
func (l *LimitsConfig) check() error {
	if l.Rate == 0 {
		l.Rate = defaultRate
	}
	if l.Burst == 0 {
		l.Burst = defaultBurst
	}
	if l.Notice == 0 {
		l.Notice = defaultNotice
	}
	for _, f := range []struct {
		name string
		v    *int
		def  int
	}{{"games", &l.Games, defaultGames}, {"challenges", &l.Challenges, defaultChallenges}, {"tournaments", &l.Tournaments, defaultTournaments}} {
		if *f.v == 0 {
			*f.v = f.def
		}
		if *f.v > maxStakeLimit && f.name != "tournaments" {
			return fmt.Errorf("config: limits.%s %d: want at most %d (or negative: no limit)", f.name, *f.v, maxStakeLimit)
		}
	}
	if l.Burst < 0 || l.Notice < 0 {
		return fmt.Errorf("config: limits.burst and limits.notice cannot be negative")
	}
	return nil
}

// hostLimits are the limits as the host takes them: those the limits
// feature keeps, and the tournaments per identity the host's tournaments
// keep (bot.Config.TournamentsPerUser).
type hostLimits struct {
	limits.Config
	Tournaments int
}

// bot is the limits as the host takes them (0: no limit); console says
// the bot serves the console, whose lines are rate-limited only when
// limits.console says so.
func (l LimitsConfig) bot(console bool) hostLimits {
	none := func(v int) int { return max(v, 0) }
	out := hostLimits{Config: limits.Config{Rate: max(l.Rate, 0), Burst: l.Burst, Notice: l.Notice,
		Games: none(l.Games), Challenges: none(l.Challenges)}, Tournaments: none(l.Tournaments)}
	if console && !l.Console {
		out.Rate = 0
	}
	return out
}

// loadConfig reads a config file; unknown keys are errors, so a typo does
// not silently fall back to a default.
func loadConfig(path string) (Config, error) {
	var c Config
	data, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("config: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// StoreConfig says where games are kept. In YAML it is either a spec
// string (mem, bolt:PATH, redis://HOST:PORT/DB) or a mapping.
type StoreConfig struct {
	Kind       string        `yaml:"kind"` // mem, bolt or redis
	Path       string        `yaml:"path"` // bolt file
	URL        string        `yaml:"url"`  // redis://host:port/db (single server)
	Addrs      []string      `yaml:"addrs"`
	MasterName string        `yaml:"master_name"`
	Cluster    bool          `yaml:"cluster"` // addrs are Cluster nodes, even a single seed address
	Username   string        `yaml:"username"`
	Password   string        `yaml:"password"` // better: ATAXXBOT_REDIS_PASSWORD
	DB         int           `yaml:"db"`
	Prefix     string        `yaml:"prefix"`
	DoneTTL    time.Duration `yaml:"done_ttl"`
	Timeout    time.Duration `yaml:"timeout"`
}

// UnmarshalYAML accepts a spec string as well as a mapping.
func (c *StoreConfig) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		spec, err := parseStoreSpec(n.Value)
		if err != nil {
			return err
		}
		*c = spec
		return nil
	}
	type plain StoreConfig
	return n.Decode((*plain)(c))
}

// parseStoreSpec reads the -store flag (and migrate's and backup's
// STORE): mem, bolt:PATH, redis://... or cluster:HOST:PORT,HOST:PORT,...
func parseStoreSpec(spec string) (StoreConfig, error) {
	switch {
	case spec == "" || spec == "mem" || spec == "memory":
		return StoreConfig{Kind: "mem"}, nil
	case strings.HasPrefix(spec, "bolt:"):
		return StoreConfig{Kind: "bolt", Path: strings.TrimPrefix(spec, "bolt:")}, nil
	case strings.HasPrefix(spec, "redis://"), strings.HasPrefix(spec, "rediss://"):
		return StoreConfig{Kind: "redis", URL: spec}, nil
	case strings.HasPrefix(spec, "cluster:"):
		addrs := strings.Split(strings.TrimPrefix(spec, "cluster:"), ",")
		for _, a := range addrs {
			if !strings.Contains(a, ":") {
				return StoreConfig{}, fmt.Errorf("cluster node %q: want HOST:PORT", a)
			}
		}
		return StoreConfig{Kind: "redis", Addrs: addrs, Cluster: true}, nil
	}
	return StoreConfig{}, fmt.Errorf("unknown store %q: want mem, bolt:PATH, redis://HOST:PORT/DB or cluster:HOST:PORT,...", spec)
}

// GameConfig is one kind's settings.
type GameConfig struct {
	Rules   string         `yaml:"rules"`
	Engines []EngineConfig `yaml:"engines"`
}

// EngineConfig names an external program players may pick with
// "start ai:NAME": a UAI engine under ataxx, a UGI engine under congo and
// abalone, a progcomp (UCC Programming Competition 2012) program under
// stratego; see engineUse.
type EngineConfig struct {
	Name     string            `yaml:"name"`
	Path     string            `yaml:"path"`
	Protocol string            `yaml:"protocol"` // the game's own (uai, ugi, progcomp) when empty
	Args     []string          `yaml:"args"`
	Options  map[string]string `yaml:"options"`
	MoveTime time.Duration     `yaml:"move_time"`
}

// engineUse is what a game does with its engines: the protocol they must
// speak, whether it passes them arguments and options, and the names its
// own AI programs take.
type engineUse struct {
	protocol      string
	noun          string // what its manual calls them: engines, programs
	args, options bool
	own           []string
}

// enginesOf says how game runs engine programs; ok is false for a game
// that runs none.
func enginesOf(game string) (use engineUse, ok bool) {
	switch game {
	case "ataxx":
		return engineUse{protocol: "uai", noun: "engines", args: true, options: true}, true // uai.Player
	case "congo": // ugi.Player; the guide's advisers are ai:random and ai:negamax
		return engineUse{protocol: "ugi", noun: "engines", args: true, options: true,
			own: []string{congogame.EngineRandom, congogame.EngineNegamax}}, true
	case "abalone":
		return engineUse{protocol: "ugi", noun: "engines", args: true, options: true}, true // ugi.Player
	case "stratego":
		return engineUse{protocol: "progcomp", noun: "programs"}, true // strategogame.ProgramConfig
	}
	return engineUse{}, false
}

// maxMoveTime is the hard cap of an AI move, whatever the config says.
const maxMoveTime = 10 * time.Second

// check validates the AI settings and fills in defaults.
func (c *Config) check() error {
	if c.Clock.Default != "" {
		tc, err := bot.ParseTimeControl(c.Clock.Default)
		if err != nil {
			return fmt.Errorf("config: clock.default: %w", err)
		}
		c.Clock.control = tc
	}
	if u := c.HTTP.PublicURL; u != "" {
		p, err := url.Parse(u)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || p.RawQuery != "" || p.Fragment != "" || strings.ContainsAny(u, " \t") {
			return fmt.Errorf("config: http.public_url %q: want an absolute http or https address like https://games.example.org", u)
		}
	}
	if c.AI.MoveTime == 0 {
		c.AI.MoveTime = 2 * time.Second
	}
	if c.AI.MoveTime < 0 || c.AI.MoveTime > maxMoveTime {
		return fmt.Errorf("config: ai.move_time %v: want up to %v", c.AI.MoveTime, maxMoveTime)
	}
	if c.LeaseTTL == 0 {
		c.LeaseTTL = 15 * time.Second
	}
	if c.LeaseTTL < 300*time.Millisecond {
		return fmt.Errorf("config: lease_ttl %v: want at least 300ms", c.LeaseTTL)
	}
	if c.AI.HashMB == 0 {
		c.AI.HashMB = 64
	}
	if c.AI.HashMB < 1 || c.AI.HashMB > 4096 {
		return fmt.Errorf("config: ai.hash_mb %d: want 1 to 4096", c.AI.HashMB)
	}
	if c.Games == nil {
		c.Games = map[string]GameConfig{}
	}
	if g, ok := c.Games["ataxx"]; ok && (c.Rules != "" || len(c.Engines) > 0) && (g.Rules != "" || len(g.Engines) > 0) {
		return fmt.Errorf("config: rules and engines are given both at the top and under games.ataxx")
	} else if !ok || (g.Rules == "" && len(g.Engines) == 0) {
		c.Games["ataxx"] = GameConfig{Rules: c.Rules, Engines: c.Engines}
	}
	for name, g := range c.Games {
		if err := checkEngines(name, g.Engines, c.AI.MoveTime); err != nil {
			return fmt.Errorf("config: games.%s.%w", name, err)
		}
	}
	c.Engines = c.Games["ataxx"].Engines
	if err := c.Limits.check(); err != nil {
		return err
	}
	if n := len(c.HTTP.LinkSecret); n > 0 && n < 32 {
		return fmt.Errorf("config: http.link_secret: %d characters; give at least 32 (or none: a key of the process's own)", n)
	}
	if c.HTTP.LinkTTL < 0 {
		return fmt.Errorf("config: http.link_ttl: want a positive duration like 12h")
	}
	if c.HTTP.MaxStreams < 0 || c.HTTP.StreamsPerClient < 0 {
		return fmt.Errorf("config: http.max_streams and http.streams_per_client cannot be negative")
	}
	return nil
}

// checkEngines validates game's engine entries (one the game cannot run
// is refused, named) and fills in their move time.
func checkEngines(game string, engines []EngineConfig, moveTime time.Duration) error {
	seen := map[string]bool{}
	use, runs := enginesOf(game)
	for i, e := range engines {
		key := strings.ToLower(e.Name)
		if e.Name == "" || e.Path == "" || seen[key] || strings.ContainsAny(e.Name, " :") {
			return fmt.Errorf("engines[%d]: each engine needs a unique name (no spaces or colons) and a path", i)
		}
		if _, err := strconv.Atoi(e.Name); err == nil {
			return fmt.Errorf("engines[%d]: name %q would read as a level", i, e.Name)
		}
		entry := fmt.Sprintf("engines[%d] %q", i, e.Name)
		switch {
		case !runs:
			return fmt.Errorf("%s: %s runs no engine programs (ataxx runs uai engines, congo and abalone ugi engines, stratego progcomp programs)", entry, game)
		case slices.Contains(use.own, key):
			return fmt.Errorf("%s: the name is %s's own AI program's (%s); choose another", entry, game, strings.Join(use.own, ", "))
		case e.Protocol != "" && !strings.EqualFold(e.Protocol, use.protocol):
			return fmt.Errorf("%s: protocol %q: %s runs %s %s", entry, e.Protocol, game, use.protocol, use.noun)
		case len(e.Args) > 0 && !use.args:
			return fmt.Errorf("%s: %s programs are started with no arguments; use a wrapper script", entry, use.protocol)
		case len(e.Options) > 0 && !use.options:
			return fmt.Errorf("%s: %s programs take no options", entry, use.protocol)
		}
		seen[key] = true
		if e.MoveTime == 0 || e.MoveTime > maxMoveTime {
			engines[i].MoveTime = min(moveTime, maxMoveTime)
		}
	}
	return nil
}

// IRCConfig is the irc: section. The SASL password comes from
// ATAXXBOT_IRC_SASL_PASSWORD unless sasl_password is set.
type IRCConfig struct {
	Server       string   `yaml:"server"`
	Port         int      `yaml:"port"`
	TLS          *bool    `yaml:"tls"`
	Nick         string   `yaml:"nick"`
	User         string   `yaml:"user"`
	RealName     string   `yaml:"realname"`
	SASL         string   `yaml:"sasl"`
	SASLUser     string   `yaml:"sasl_user"`
	SASLPassword string   `yaml:"sasl_password"`
	CertFile     string   `yaml:"cert_file"`
	KeyFile      string   `yaml:"key_file"`
	Channels     []string `yaml:"channels"`
	MaxQueue     int      `yaml:"max_queue"`
	// RequireAccount answers game commands only from users logged in to
	// the network's services.
	RequireAccount bool `yaml:"require_account"`
	// RegainEvery is how often the bot, under a fallback nick, asks
	// whether its nick is free to take it back (default 30s).
	RegainEvery time.Duration `yaml:"regain_every"`
	// NickServPassword lets the bot GHOST/REGAIN its nick through
	// NickServ; from ATAXXBOT_IRC_NICKSERV_PASSWORD unless set here.
	NickServPassword string `yaml:"nickserv_password"`
}

// nickServPassword is NickServPassword, else the environment's.
func (c *IRCConfig) nickServPassword() string {
	if c.NickServPassword != "" {
		return c.NickServPassword
	}
	return os.Getenv("ATAXXBOT_IRC_NICKSERV_PASSWORD")
}

// DiscordConfig is the discord: section. The token comes from
// ATAXXBOT_DISCORD_TOKEN unless token is set.
type DiscordConfig struct {
	Token          string   `yaml:"token"`
	AppID          string   `yaml:"app_id"`
	GuildIDs       []string `yaml:"guild_ids"`
	PrefixCommands bool     `yaml:"prefix_commands"`
	ShardID        int      `yaml:"shard_id"`
	ShardCount     int      `yaml:"shard_count"`
	APIBase        string   `yaml:"api_base"` // a Discord stand-in, for tests; empty in production
	// Boards is how boards are shown: image (default: a PNG picture) or
	// text (a monospaced block).
	Boards string `yaml:"boards"`
}
