// Package redistest runs a real redis-server for tests: on a free
// loopback port, in a temporary directory, with its data kept across a
// Stop and Start (append-only file), or the server named by REDIS_URL.
//
// Where redis-server is missing the test is skipped, unless CI is set:
// then it fails, so CI never passes by skipping.
package redistest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Server is a redis-server the test controls.
type Server struct {
	t     testing.TB
	extra []string // options after the defaults (a later option wins)
	Port  int
	URL   string // redis://127.0.0.1:PORT/0
	dir   string
	cmd   *exec.Cmd
}

// Start starts a fresh redis-server and stops it when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWith(t)
}

// StartWith is Start with redis-server options after the defaults, which
// they override ("--appendfsync", "everysec").
func StartWith(t testing.TB, options ...string) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: redis-server is required (make test installs it): %v", err)
		}
		t.Skipf("redis-server not installed: %v", err)
	}
	s := &Server{t: t, Port: freePort(t), dir: t.TempDir(), extra: options}
	s.URL = fmt.Sprintf("redis://127.0.0.1:%d/0", s.Port)
	s.start(bin)
	t.Cleanup(s.Stop)
	return s
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func (s *Server) start(bin string) {
	s.t.Helper()
	args := []string{"--port", strconv.Itoa(s.Port), "--bind", "127.0.0.1",
		"--dir", s.dir, "--save", "", "--appendonly", "yes", "--appendfsync", "always",
		"--logfile", filepath.Join(s.dir, "redis.log")}
	s.cmd = exec.Command(bin, append(args, s.extra...)...)
	if err := s.cmd.Start(); err != nil {
		s.t.Fatalf("start redis-server: %v", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", s.Port), 100*time.Millisecond); err == nil {
			fmt.Fprint(c, "PING\r\n")
			buf := make([]byte, 64)
			c.SetReadDeadline(time.Now().Add(time.Second))
			n, _ := c.Read(buf)
			c.Close()
			if strings.HasPrefix(string(buf[:n]), "+PONG") {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	log, _ := os.ReadFile(filepath.Join(s.dir, "redis.log"))
	s.t.Fatalf("redis-server on port %d did not answer:\n%s", s.Port, log)
}

// Stop shuts the server down cleanly (its data stays in the directory).
func (s *Server) Stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
	s.cmd = nil
}

// Restart starts the server again on the same port with the same data.
func (s *Server) Restart() {
	s.t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		s.t.Fatal(err)
	}
	s.start(bin)
}

// URL returns REDIS_URL when set (a server the caller runs), or starts one.
func URL(t testing.TB) string {
	if u := os.Getenv("REDIS_URL"); u != "" {
		return u
	}
	return Start(t).URL
}
