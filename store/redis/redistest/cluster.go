package redistest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Cluster is a Redis Cluster of three masters on loopback, without
// replicas or persistence, that the test controls.
type Cluster struct {
	Addrs []string // 127.0.0.1:PORT of each node
	nodes []*exec.Cmd
	dirs  []string
}

// StartCluster starts three redis-server --cluster-enabled yes on free
// loopback ports, joins them with redis-cli --cluster create, waits for
// cluster_state:ok, and stops them when the test ends. Skipped (or, with
// CI set, failed) where redis-server or redis-cli is missing.
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	server := lookPath(t, "redis-server")
	cli := lookPath(t, "redis-cli")
	c := &Cluster{}
	t.Cleanup(c.stop)
	for range 3 {
		dir := t.TempDir()
		port := freePort(t)
		addr := "127.0.0.1:" + strconv.Itoa(port)
		cmd := exec.Command(server,
			"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
			"--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(dir, "nodes.conf"),
			"--cluster-node-timeout", "2000",
			"--dir", dir, "--save", "", "--appendonly", "no",
			"--logfile", filepath.Join(dir, "redis.log"))
		if err := cmd.Start(); err != nil {
			t.Fatalf("start redis-server for the cluster: %v", err)
		}
		c.nodes = append(c.nodes, cmd)
		c.dirs = append(c.dirs, dir)
		c.Addrs = append(c.Addrs, addr)
	}
	for i, addr := range c.Addrs {
		c.waitFor(t, cli, addr, []string{"PING"}, "PONG", "node "+strconv.Itoa(i)+" answers PING")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	args := append([]string{"--cluster", "create"}, c.Addrs...)
	args = append(args, "--cluster-replicas", "0", "--cluster-yes")
	if out, err := exec.CommandContext(ctx, cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s%s", err, out, c.logs())
	}
	for _, addr := range c.Addrs {
		c.waitFor(t, cli, addr, []string{"CLUSTER", "INFO"}, "cluster_state:ok", addr+" reports cluster_state:ok")
	}
	return c
}

func lookPath(t testing.TB, name string) string {
	t.Helper()
	bin, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: %s is required (make test installs it): %v", name, err)
		}
		t.Skipf("%s not installed: %v", name, err)
	}
	return bin
}

// waitFor runs redis-cli -h -p args on addr until its output contains
// want, for at most 10 seconds.
func (c *Cluster) waitFor(t testing.TB, cli, addr string, args []string, want, what string) {
	t.Helper()
	host, port, _ := strings.Cut(addr, ":")
	deadline := time.Now().Add(10 * time.Second)
	var out []byte
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		out, _ = exec.CommandContext(ctx, cli, append([]string{"-h", host, "-p", port}, args...)...).Output()
		cancel()
		if strings.Contains(string(out), want) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("cluster: waiting until %s: last answer %q%s", what, out, c.logs())
}

// logs returns the nodes' logs, for a failure message.
func (c *Cluster) logs() string {
	var b strings.Builder
	for i, dir := range c.dirs {
		log, _ := os.ReadFile(filepath.Join(dir, "redis.log"))
		fmt.Fprintf(&b, "\n--- node %d (%s) log:\n%s", i, c.Addrs[i], log)
	}
	return b.String()
}

// stop shuts every node down.
func (c *Cluster) stop() {
	for _, cmd := range c.nodes {
		if cmd.Process != nil {
			cmd.Process.Signal(os.Interrupt)
		}
	}
	for _, cmd := range c.nodes {
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}
	c.nodes = nil
}
