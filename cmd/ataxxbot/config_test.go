package main

import (
	"reflect"
	"strings"
	"testing"
)

// TestEngineEntriesAKindCannotUse: an engine entry a game cannot run is
// refused at start with one line naming the entry, instead of being
// accepted and never offered (or failing later).
func TestEngineEntriesAKindCannotUse(t *testing.T) {
	for _, tt := range []struct{ name, yaml, want string }{
		{"engines under a game the bot does not host", "games:\n  chess:\n    engines:\n      - {name: tiny, path: /bin/true}\n",
			`config: games.chess.engines[0] "tiny": chess runs no engine programs (ataxx runs uai engines, congo and abalone ugi engines, stratego progcomp programs)`},
		{"a UAI engine under congo", "games:\n  congo:\n    engines:\n      - {name: tiny, path: /bin/true, protocol: uai}\n",
			`config: games.congo.engines[0] "tiny": protocol "uai": congo runs ugi engines`},
		{"a progcomp program under abalone", "games:\n  abalone:\n    engines:\n      - {name: deep, path: /bin/true, protocol: progcomp}\n",
			`config: games.abalone.engines[0] "deep": protocol "progcomp": abalone runs ugi engines`},
		{"an adviser's name under congo", "games:\n  congo:\n    engines:\n      - {name: Negamax, path: /bin/true}\n",
			`config: games.congo.engines[0] "Negamax": the name is congo's own AI program's (random, negamax); choose another`},
		{"congo with arguments and options", "games:\n  congo:\n    engines:\n      - {name: ugi, path: /bin/true, args: [-game, congo], options: {hash: \"8\"}}\n", ""},
		{"abalone with its protocol named", "games:\n  abalone:\n    engines:\n      - {name: deep, path: /bin/true, protocol: UGI, args: [-game, abalone], options: {hash: \"8\"}}\n", ""},
		{"a protocol ataxx does not speak", "games:\n  ataxx:\n    engines:\n      - {name: tiny, path: /bin/true, protocol: ugi}\n",
			`config: games.ataxx.engines[0] "tiny": protocol "ugi": ataxx runs uai engines`},
		{"top-level engines are ataxx's", "engines:\n  - {name: ok, path: /bin/true}\n  - {name: basic, path: /bin/true, protocol: progcomp}\n",
			`config: games.ataxx.engines[1] "basic": protocol "progcomp": ataxx runs uai engines`},
		{"a UAI engine under stratego", "games:\n  stratego:\n    engines:\n      - {name: tiny, path: /bin/true, protocol: uai}\n",
			`config: games.stratego.engines[0] "tiny": protocol "uai": stratego runs progcomp programs`},
		{"UAI options under stratego", "games:\n  stratego:\n    engines:\n      - {name: basic, path: /bin/true, options: {Hash: \"8\"}}\n",
			`config: games.stratego.engines[0] "basic": progcomp programs take no options`},
		{"arguments under stratego", "games:\n  stratego:\n    engines:\n      - {name: basic, path: /bin/true, args: [-v]}\n",
			`config: games.stratego.engines[0] "basic": progcomp programs are started with no arguments; use a wrapper script`},
		{"an unknown protocol", "games:\n  ataxx:\n    engines:\n      - {name: tiny, path: /bin/true, protocol: uci}\n",
			`config: games.ataxx.engines[0] "tiny": protocol "uci": ataxx runs uai engines`},
		{"ataxx with its protocol named", "games:\n  ataxx:\n    engines:\n      - {name: tiny, path: /bin/true, protocol: UAI, args: [-q], options: {Hash: \"8\"}}\n", ""},
		{"stratego with its protocol named", "games:\n  stratego:\n    engines:\n      - {name: basic, path: /bin/true, protocol: progcomp}\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(t.Context(), []string{"console", "-config", writeConfig(t, tt.yaml)}, strings.NewReader(""), &out, &errOut)
			if tt.want == "" {
				if code != 0 {
					t.Fatalf("got code %d, %q; want 0", code, errOut.String())
				}
				return
			}
			if lines := strings.Count(strings.TrimSpace(errOut.String()), "\n") + 1; code != 1 || !strings.Contains(errOut.String(), tt.want) || lines != 1 {
				t.Fatalf("got code %d, %q; want 1 and one line with %q", code, errOut.String(), tt.want)
			}
		})
	}
}

// TestPublicURL: http.public_url makes the lines that name a game link to
// its page; an address that is not absolute http(s) is refused at start
// with one line.
func TestPublicURL(t *testing.T) {
	for _, tt := range []struct{ name, url, input, want, wantErr string }{
		{"links the game's page", "https://games.example.org/", "start ai\nresign\n",
			"(game 1, https://games.example.org/games/1)", ""},
		{"no scheme", "games.example.org", "", "", `http.public_url "games.example.org": want an absolute http or https address`},
		{"another scheme", "ftp://games.example.org", "", "", "want an absolute http or https address"},
		{"a query", "https://games.example.org/?x=1", "", "", "want an absolute http or https address"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			cfg := writeConfig(t, "http:\n  public_url: \""+tt.url+"\"\n")
			code := run(t.Context(), []string{"console", "-config", cfg}, strings.NewReader(tt.input), &out, &errOut)
			if tt.wantErr != "" {
				if code != 1 || !strings.Contains(errOut.String(), tt.wantErr) {
					t.Fatalf("got code %d, %q; want 1 and %q", code, errOut.String(), tt.wantErr)
				}
				return
			}
			if code != 0 || strings.Count(out.String(), tt.want) != 2 {
				t.Fatalf("got code %d, output:\n%s\nwant 0 and %q at the begin and the end", code, out.String(), tt.want)
			}
		})
	}
}

// TestStoreSpecs: the -store flag, migrate's and backup's STORE name a
// store one way: mem, bolt:PATH, redis://..., or a Cluster by its nodes.
func TestStoreSpecs(t *testing.T) {
	cases := []struct {
		name, spec string
		want       StoreConfig
		wantErr    string
	}{
		{"nothing is memory", "", StoreConfig{Kind: "mem"}, ""},
		{"a bolt file", "bolt:games.db", StoreConfig{Kind: "bolt", Path: "games.db"}, ""},
		{"a Redis URL", "redis://127.0.0.1:6379/0", StoreConfig{Kind: "redis", URL: "redis://127.0.0.1:6379/0"}, ""},
		{"a Cluster by two nodes", "cluster:127.0.0.1:7000,127.0.0.1:7001", StoreConfig{Kind: "redis", Addrs: []string{"127.0.0.1:7000", "127.0.0.1:7001"}, Cluster: true}, ""},
		{"a Cluster node without a port", "cluster:localhost", StoreConfig{}, "want HOST:PORT"},
		{"something else", "postgres://x", StoreConfig{}, "unknown store"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseStoreSpec(c.spec)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("parseStoreSpec(%q): got %+v, %v; want an error saying %q", c.spec, got, err, c.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("parseStoreSpec(%q): got %+v, %v; want %+v", c.spec, got, err, c.want)
			}
		})
	}
}
