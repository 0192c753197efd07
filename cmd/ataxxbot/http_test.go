package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/discord/discordtest"
	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// httpGet fetches url; status 0 when nothing answers.
func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	c := &http.Client{Timeout: 10 * time.Second}
	res, err := c.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// waitStatus polls url until it answers status; the deadline only stops
// a test that would hang.
func waitStatus(t *testing.T, url string, status int) string {
	t.Helper()
	var got int
	var body string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if got, body = httpGet(t, url); got == status {
			return body
		}
	}
	t.Fatalf("GET %s: got %d %q; want %d", url, got, body, status)
	return ""
}

// freeAddr is a loopback address with a port nothing listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// metricValue is the value (a histogram's count) of name{labels} in the
// text exposition, labels as `k="v",k="v"` sorted by name.
func metricValue(t *testing.T, body, name string, labels map[string]string) (float64, bool) {
	t.Helper()
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("parsing /metrics: %v", err)
	}
	f, ok := fams[name]
	if !ok {
		return 0, false
	}
next:
	for _, m := range f.GetMetric() {
		if len(m.GetLabel()) != len(labels) {
			continue
		}
		for _, l := range m.GetLabel() {
			if labels[l.GetName()] != l.GetValue() {
				continue next
			}
		}
		return sampleValue(m), true
	}
	return 0, false
}

func sampleValue(m *dto.Metric) float64 {
	switch {
	case m.Counter != nil:
		return m.GetCounter().GetValue()
	case m.Gauge != nil:
		return m.GetGauge().GetValue()
	case m.Histogram != nil:
		return float64(m.GetHistogram().GetSampleCount())
	}
	return -1
}

// TestHTTPOfTheRealBinary: the built bot with -http, its games in a real
// redis-server: /healthz is 200, / lists the running game and /games/1
// shows it (then, finished, from the archive), /metrics counts the commands played on
// the console with their labels, the game started and finished and the
// AI's thinking; with redis-server stopped /healthz is 503, restarted
// 200; at the end of input the bot exits 0 and the port is closed.
func TestHTTPOfTheRealBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	srv := redistest.Start(t)
	bin := buildBot(t)
	addr := freeAddr(t)
	base := "http://" + addr
	p := startProc(t, bin, "bot", nil, "console", "-store", srv.URL, "-http", addr)
	if body := waitStatus(t, base+"/healthz", http.StatusOK); body != "ok\n" {
		t.Errorf("/healthz: got %q; want %q", body, "ok\n")
	}
	p.send(t, "start ai:2")
	p.expect(t, "Game on", procTimeout)
	p.send(t, "a7-b6")
	p.expect(t, "Blue (AI level 2) plays", procTimeout)
	status, index := httpGet(t, base+"/")
	if status != http.StatusOK || !strings.Contains(index, `href="/games/1"`) {
		t.Errorf("/ during the game: got %d; want a link to game 1:\n%s", status, index)
	}
	status, page := httpGet(t, base+"/games/1")
	if status != http.StatusOK || !strings.Contains(page, `<svg class="board"`) || !strings.Contains(page, `<pre class="board-text">`) || !strings.Contains(page, "a7-b6") || !strings.Contains(page, "data-events") {
		t.Errorf("/games/1 during the game: got %d; want the live board (drawn, and as text) with the move list:\n%s", status, page)
	}
	p.send(t, "frobnicate <b>")
	p.expect(t, "unknown command", procTimeout)
	p.send(t, "resign")
	p.expect(t, "Red resigns", procTimeout)

	status, page = httpGet(t, base+"/games/1")
	if status != http.StatusOK || !strings.Contains(page, "Red resigns") || strings.Contains(page, "data-events") {
		t.Errorf("/games/1 after the game: got %d; want the archived game:\n%s", status, page)
	}
	if status, _ := httpGet(t, base+"/top/ataxx"); status != http.StatusOK {
		t.Errorf("/top/ataxx: got %d; want 200", status)
	}
	status, body := httpGet(t, base+"/metrics")
	if status != http.StatusOK {
		t.Fatalf("/metrics: got %d; want 200", status)
	}
	checks := []struct {
		name   string
		metric string
		labels map[string]string
		want   float64
	}{
		{"start", "ataxxbot_commands_total", map[string]string{"network": "console", "kind": "ataxx", "verb": "start"}, 1},
		{"a bare move", "ataxxbot_commands_total", map[string]string{"network": "console", "kind": "ataxx", "verb": "move"}, 1},
		{"an unknown verb", "ataxxbot_commands_refused_total", map[string]string{"network": "console", "kind": "ataxx", "verb": "other"}, 1},
		{"resign", "ataxxbot_commands_total", map[string]string{"network": "console", "kind": "ataxx", "verb": "resign"}, 1},
		{"game started", "ataxxbot_games_started_total", map[string]string{"kind": "ataxx"}, 1},
		{"game finished", "ataxxbot_games_finished_total", map[string]string{"kind": "ataxx", "ending": "resigned"}, 1},
		{"the AI's move", "ataxxbot_ai_think_seconds", map[string]string{"kind": "ataxx"}, 1},
		{"other kinds at zero", "ataxxbot_games_started_total", map[string]string{"kind": "congo"}, 0},
	}
	for _, c := range checks {
		if got, ok := metricValue(t, body, c.metric, c.labels); !ok || got != c.want {
			t.Errorf("%s: %s%v: got %v (present %v); want %v", c.name, c.metric, c.labels, got, ok, c.want)
		}
	}
	for _, want := range []string{"go_goroutines ", "process_resident_memory_bytes ", "ataxxbot_command_duration_seconds_bucket"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(body, "frobnicate") || strings.Contains(body, "<b>") {
		t.Error("/metrics shows what a user typed")
	}

	srv.Stop()
	if body := waitStatus(t, base+"/healthz", http.StatusServiceUnavailable); body != "storage unavailable\n" {
		t.Errorf("/healthz with redis stopped: got %q; want %q", body, "storage unavailable\n")
	}
	srv.Restart()
	waitStatus(t, base+"/healthz", http.StatusOK)

	p.stdin.Close()
	if err := p.cmd.Wait(); err != nil {
		t.Errorf("exit at the end of input: got %v; want 0", err)
	}
	if status, _ := httpGet(t, base+"/healthz"); status != 0 {
		t.Errorf("after exit: got %d; want nothing listening", status)
	}
}

// TestHTTPOffByDefaultAndATakenPort: without -http or http.listen no
// port is opened (the console runs as ever); a taken address is an error
// at start, exit code 1, naming the option.
func TestHTTPOffByDefaultAndATakenPort(t *testing.T) {
	var out, errOut strings.Builder
	if code := run(context.Background(), nil, strings.NewReader("start ai\n"), &out, &errOut); code != 0 {
		t.Errorf("without -http: got code %d, %q; want 0", code, errOut.String())
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	out.Reset()
	errOut.Reset()
	code := run(context.Background(), []string{"-http", l.Addr().String()}, strings.NewReader("start ai\n"), &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "http.listen "+l.Addr().String()) {
		t.Errorf("a taken port: got code %d, stderr %q; want 1 naming http.listen", code, errOut.String())
	}
	cfg := filepath.Join(t.TempDir(), "http.yaml")
	os.WriteFile(cfg, []byte("http:\n  listen: \""+l.Addr().String()+"\"\n"), 0o644)
	errOut.Reset()
	code = run(context.Background(), []string{"-config", cfg}, strings.NewReader("start ai\n"), &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "http.listen "+l.Addr().String()) {
		t.Errorf("a taken port in the config: got code %d, stderr %q; want 1 naming http.listen", code, errOut.String())
	}
}

// waitMetric polls /metrics until name{labels} has value want.
func waitMetric(t *testing.T, base, name string, labels map[string]string, want float64) {
	t.Helper()
	var got float64
	var ok bool
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		status, body := httpGet(t, base+"/metrics")
		if status == http.StatusOK {
			if got, ok = metricValue(t, body, name, labels); ok && got == want {
				return
			}
		}
	}
	t.Fatalf("%s%v: got %v (present %v); want %v", name, labels, got, ok, want)
}

// TestHTTPOnIRCAndDiscord: the real binary serving a real IRC server and
// the Discord stand-in shows their gauges (the IRC outbox, the gateway
// connected) and counts IRC commands under network irc.
func TestHTTPOnIRCAndDiscord(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and the bot")
	}
	srv := ircdtest.Start(t)
	url := redistest.Start(t).URL
	fake := discordtest.New(t, "999", "app1")
	bin := buildBot(t)
	addr := freeAddr(t)
	base := "http://" + addr
	cfg := writeConfig(t, fmt.Sprintf("store: %s\nhttp:\n  listen: %q\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [\"#play\"]\ndiscord:\n  token: tok\n  app_id: app1\n  api_base: %s\n",
		url, addr, srv.Port, fake.URL()))
	cmd := exec.Command(bin, "-config", cfg)
	logs := &lockedBuffer{}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	waitStatus(t, base+"/healthz", http.StatusOK)
	p := ircdtest.Connect(t, srv, "zoe", "zoe")
	p.JoinWith("#play", "ataxxbot", 30*time.Second)
	waitMetric(t, base, "ataxxbot_discord_gateway_connected", map[string]string{}, 1)
	p.Say("#play", "!ataxx start ai:2")
	p.Expect(`PRIVMSG #play :Game on: Red \(zoe\) vs Blue \(AI level 2\)`, 30*time.Second)
	waitMetric(t, base, "ataxxbot_commands_total", map[string]string{"network": "irc", "kind": "ataxx", "verb": "start"}, 1)
	p.Say("#play", "!a7-b6")
	p.Expect(`PRIVMSG #play :Blue \(AI level 2\) plays`, 30*time.Second)
	waitMetric(t, base, "ataxxbot_commands_total", map[string]string{"network": "irc", "kind": "ataxx", "verb": "move"}, 1)
	waitMetric(t, base, "ataxxbot_irc_outbox_lines", map[string]string{}, 0)
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Errorf("exit after SIGTERM: got %v; want 0\n%s", err, logs.String())
	}
}
