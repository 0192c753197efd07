package web

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
)

// clientStreams counts the live pages (event streams) each client address
// holds open, so that one client cannot take every stream the server
// allows (Config.MaxStreams).
type clientStreams struct {
	most int // per client

	mu   sync.Mutex
	open map[string]int
}

// take counts one more stream for client; false when it holds most.
func (c *clientStreams) take(client string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.open[client] >= c.most {
		return false
	}
	if c.open == nil {
		c.open = map[string]int{}
	}
	c.open[client]++
	return true
}

// give ends one of client's streams.
func (c *clientStreams) give(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.open[client] <= 1 {
		delete(c.open, client)
		return
	}
	c.open[client]--
}

// clientOf is the address a request is counted against: the last address
// in header (set by the operator's proxy), else the connection's; an IPv6
// address counts as its /64, which one client usually holds whole.
func clientOf(r *http.Request, header string) string {
	var addr netip.Addr
	if header != "" {
		if vs := r.Header.Values(header); len(vs) > 0 {
			last := vs[len(vs)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			addr, _ = netip.ParseAddr(strings.TrimSpace(last))
		}
	}
	if !addr.IsValid() {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		addr, _ = netip.ParseAddr(host)
	}
	if !addr.IsValid() {
		return r.RemoteAddr
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}
