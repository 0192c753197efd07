package web

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

// TestClientOf: the address a live page counts against.
func TestClientOf(t *testing.T) {
	for _, tc := range []struct {
		name, remote, header, value, want string
	}{
		{"the connection's IPv4 address", "192.0.2.1:5555", "", "", "192.0.2.1"},
		{"the header is ignored unless configured", "192.0.2.1:5555", "", "203.0.113.7", "192.0.2.1"},
		{"the header's only address", "127.0.0.1:5555", "X-Forwarded-For", "203.0.113.7", "203.0.113.7"},
		{"the header's last address, the proxy's own view", "127.0.0.1:5555", "X-Forwarded-For", "1.1.1.1, 203.0.113.7", "203.0.113.7"},
		{"an unreadable header falls back to the connection", "127.0.0.1:5555", "X-Forwarded-For", "nonsense", "127.0.0.1"},
		{"an IPv6 connection counts as its /64", "[2001:db8:1:2:3:4:5:6]:5555", "", "", "2001:db8:1:2::/64"},
		{"an IPv4-mapped IPv6 address is IPv4", "[::ffff:192.0.2.1]:5555", "", "", "192.0.2.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/games/1/events", nil)
			r.RemoteAddr = tc.remote
			if tc.value != "" {
				r.Header.Set("X-Forwarded-For", tc.value)
			}
			if got := clientOf(r, tc.header); got != tc.want {
				t.Errorf("got %q; want %q", got, tc.want)
			}
		})
	}
}

// FuzzClientOf: whatever a client puts in the header, the address
// counted is an address or a /64, never empty, and never panics.
func FuzzClientOf(f *testing.F) {
	for _, s := range []string{"203.0.113.7", "1.1.1.1, 203.0.113.7", "2001:db8::1", "", ",", "::ffff:1.2.3.4", "fe80::1%eth0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		r := httptest.NewRequest("GET", "/games/1/events", nil)
		r.RemoteAddr = "192.0.2.1:5555"
		r.Header["X-Forwarded-For"] = []string{value}
		got := clientOf(r, "X-Forwarded-For")
		if _, err := netip.ParseAddr(got); err != nil {
			if _, err := netip.ParsePrefix(got); err != nil {
				t.Fatalf("header %q: got %q; want an address or a prefix", value, got)
			}
		}
	})
}
