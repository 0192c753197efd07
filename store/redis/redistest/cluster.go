package redistest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Cluster is a Redis Cluster of three masters on loopback, with or
// without a replica each, without persistence, that the test controls.
// Its node timeout is NodeTimeout.
type Cluster struct {
	Addrs []string // 127.0.0.1:PORT of each node
	nodes []*exec.Cmd
	dirs  []string
	cli   string // redis-cli
}

// NodeTimeout is the clusters' cluster-node-timeout: how long a master
// may be unreachable before its replica takes over.
const NodeTimeout = 2 * time.Second

// StartCluster starts three redis-server --cluster-enabled yes on free
// loopback ports, joins them with redis-cli --cluster create, waits for
// cluster_state:ok, and stops them when the test ends. Skipped (or, with
// CI set, failed) where redis-server or redis-cli is missing.
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	return startCluster(t, 0)
}

// StartClusterWithReplicas is StartCluster with a replica for each
// master (six nodes), so that a master killed is failed over: it also
// waits until every replica has synchronised with its master.
func StartClusterWithReplicas(t testing.TB) *Cluster {
	t.Helper()
	return startCluster(t, 1)
}

func startCluster(t testing.TB, replicas int) *Cluster {
	t.Helper()
	server := lookPath(t, "redis-server")
	cli := lookPath(t, "redis-cli")
	c := &Cluster{cli: cli}
	t.Cleanup(c.stop)
	for range 3 * (1 + replicas) {
		dir := t.TempDir()
		port := freePort(t)
		addr := "127.0.0.1:" + strconv.Itoa(port)
		cmd := exec.Command(server,
			"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
			"--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(dir, "nodes.conf"),
			"--cluster-node-timeout", strconv.FormatInt(NodeTimeout.Milliseconds(), 10),
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
	args = append(args, "--cluster-replicas", strconv.Itoa(replicas), "--cluster-yes")
	if out, err := exec.CommandContext(ctx, cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s%s", err, out, c.logs())
	}
	for _, addr := range c.Addrs {
		c.waitFor(t, cli, addr, []string{"CLUSTER", "INFO"}, "cluster_state:ok", addr+" reports cluster_state:ok")
	}
	if replicas > 0 {
		// Every node learns of the replicas by gossip, after create.
		for _, addr := range c.Addrs {
			c.waitUntil(t, addr+" sees every replica", func() (bool, string) {
				out, err := c.run(addr, "CLUSTER", "NODES")
				n := 0
				for _, node := range parseNodes(out) {
					if node.Master != "" && slices.Contains(node.Flags, "slave") {
						n++
					}
				}
				return err == nil && n == 3*replicas, out
			})
		}
		for _, n := range c.Nodes(t) {
			if n.Master != "" {
				c.waitFor(t, cli, n.Addr, []string{"INFO", "replication"}, "master_link_status:up", "replica "+n.Addr+" has synchronised")
			}
		}
	}
	return c
}

// Node is a node of the cluster as CLUSTER NODES shows it.
type Node struct {
	ID     string
	Addr   string // 127.0.0.1:PORT
	Flags  []string
	Master string // the master's ID, for a replica; "" for a master
	Slots  []string
}

// IsMaster reports whether the node is a master not marked failed.
func (n Node) IsMaster() bool {
	return slices.Contains(n.Flags, "master") && !slices.Contains(n.Flags, "fail") && !slices.Contains(n.Flags, "fail?")
}

// Nodes returns the cluster as the first node still running sees it.
func (c *Cluster) Nodes(t testing.TB) []Node {
	t.Helper()
	for i, addr := range c.Addrs {
		if c.nodes[i] == nil {
			continue
		}
		out, err := c.run(addr, "CLUSTER", "NODES")
		if err != nil {
			continue
		}
		return parseNodes(out)
	}
	t.Fatalf("cluster: no node answers CLUSTER NODES%s", c.logs())
	return nil
}

// parseNodes reads CLUSTER NODES.
func parseNodes(out string) []Node {
	var nodes []Node
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) < 8 {
			continue
		}
		addr, _, _ := strings.Cut(f[1], "@")
		n := Node{ID: f[0], Addr: addr, Flags: strings.Split(f[2], ","), Slots: f[8:]}
		if f[3] != "-" {
			n.Master = f[3]
		}
		nodes = append(nodes, n)
	}
	return nodes
}

// run runs redis-cli -h -p args on addr, for at most a second.
func (c *Cluster) run(addr string, args ...string) (string, error) {
	host, port, _ := strings.Cut(addr, ":")
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, c.cli, append([]string{"-h", host, "-p", port}, args...)...).Output()
	return string(out), err
}

// Kill ends the node at addr with SIGKILL (kill -9): no shutdown, its
// connections reset, its address refuses connections from then on.
func (c *Cluster) Kill(t testing.TB, addr string) {
	t.Helper()
	i := slices.Index(c.Addrs, addr)
	if i < 0 || c.nodes[i] == nil {
		t.Fatalf("cluster: kill %s: no such node running", addr)
	}
	if err := c.nodes[i].Process.Kill(); err != nil {
		t.Fatalf("cluster: kill %s: %v", addr, err)
	}
	c.nodes[i].Wait()
	c.nodes[i] = nil
}

// Serves reports whether every running node sees the node at addr as a
// master with slots and reports cluster_state:ok: after a master is
// killed, that its replica at addr has taken over.
func (c *Cluster) Serves(addr string) bool {
	for i, a := range c.Addrs {
		if c.nodes[i] == nil {
			continue
		}
		info, err := c.run(a, "CLUSTER", "INFO")
		if err != nil || !strings.Contains(info, "cluster_state:ok") {
			return false
		}
		out, err := c.run(a, "CLUSTER", "NODES")
		if err != nil {
			return false
		}
		i := slices.IndexFunc(parseNodes(out), func(n Node) bool { return n.Addr == addr && n.IsMaster() && len(n.Slots) > 0 })
		if i < 0 {
			return false
		}
	}
	return true
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

// waitUntil calls ok until it reports true, for at most 10 seconds;
// its second result is what a failure shows.
func (c *Cluster) waitUntil(t testing.TB, what string, ok func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	last := ""
	for time.Now().Before(deadline) {
		var done bool
		if done, last = ok(); done {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("cluster: waiting until %s: last answer %q%s", what, last, c.logs())
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
		if cmd != nil && cmd.Process != nil {
			cmd.Process.Signal(os.Interrupt)
		}
	}
	for _, cmd := range c.nodes {
		if cmd == nil { // killed
			continue
		}
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
