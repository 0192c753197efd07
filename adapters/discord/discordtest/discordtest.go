// Package discordtest stands in for Discord in tests: its REST API
// (recording every call) and its gateway (HELLO, IDENTIFY, READY, then the
// events a test dispatches). A bot process reaches it through the Discord
// adapter's APIBase; a test in the same process through Client.
package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Server stands in for Discord.
type Server struct {
	// Ident receives the IDENTIFY payload of each connection.
	Ident chan map[string]any

	t         testing.TB
	botUserID string
	appID     string
	srv       *httptest.Server
	mu        sync.Mutex
	calls     []Call
	ws        *websocket.Conn
	seq       int
	wsMu      sync.Mutex
	change    chan struct{}
	nextID    int
	noFiles   bool
}

// Call is one REST request the bot made.
type Call struct {
	Method, Path string
	Body         map[string]any
	List         []any  // a JSON array body
	Files        []File // the files of a multipart body, in order
	// Err says why a multipart body could not be read, or is nil.
	Err error
}

// File is one file a multipart request carried (files[n]).
type File struct {
	Field, Name, ContentType string
	Data                     []byte
}

// New starts a stand-in whose bot user and application have these ids;
// it stops at the end of the test.
func New(t testing.TB, botUserID, appID string) *Server {
	f := &Server{t: t, botUserID: botUserID, appID: appID, Ident: make(chan map[string]any, 4), change: make(chan struct{}, 1000)}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// RefuseFiles makes the stand-in answer every request that carries a
// file 403 Missing Permissions, as Discord does where the bot may not
// attach files.
func (f *Server) RefuseFiles() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.noFiles = true
}

// URL is the stand-in's address, for the adapter's APIBase.
func (f *Server) URL() string { return f.srv.URL }

// Client sends every REST call of discordgo to the stand-in.
func (f *Server) Client() *http.Client {
	return &http.Client{Transport: rewrite{host: strings.TrimPrefix(f.srv.URL, "http://")}}
}

type rewrite struct{ host string }

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host, req.Host = "http", r.host, r.host
	return http.DefaultTransport.RoundTrip(req)
}

func (f *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Upgrade") == "websocket" {
		f.gateway(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	c := Call{Method: r.Method, Path: r.URL.Path}
	if ct := r.Header.Get("Content-Type"); strings.HasPrefix(ct, "multipart/") {
		c.Err = readMultipart(&c, ct, body)
	} else if len(body) > 0 && body[0] == '[' {
		json.Unmarshal(body, &c.List)
	} else if len(body) > 0 {
		json.Unmarshal(body, &c.Body)
	}
	f.mu.Lock()
	f.calls = append(f.calls, c)
	f.nextID++
	id := f.nextID
	noFiles := f.noFiles
	f.mu.Unlock()
	f.change <- struct{}{}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case noFiles && len(c.Files) > 0:
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, `{"message":"Missing Permissions","code":50013}`)
	case r.URL.Path == "/api/v9/gateway" || r.URL.Path == "/api/v9/gateway/bot":
		fmt.Fprintf(w, `{"url":"ws://%s","shards":1}`, strings.TrimPrefix(f.srv.URL, "http://"))
	case r.Method == "PUT" && strings.HasSuffix(r.URL.Path, "/commands"):
		w.Write(body)
	case r.Method == "POST" && r.URL.Path == "/api/v9/users/@me/channels":
		fmt.Fprintf(w, `{"id":"dm-%v","type":1}`, c.Body["recipient_id"])
	case strings.HasSuffix(r.URL.Path, "/callback"):
		w.WriteHeader(http.StatusNoContent)
	case strings.HasPrefix(r.URL.Path, "/api/v9/channels/") || strings.HasPrefix(r.URL.Path, "/api/v9/webhooks/"):
		content, _ := json.Marshal(c.Body["content"])
		fmt.Fprintf(w, `{"id":"m%d","channel_id":"c","content":%s}`, id, content)
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"message":"not in the fake","code":0}`)
	}
}

// readMultipart reads a multipart/form-data body as Discord does: the
// JSON in the payload_json part, each files[n] part a file.
func readMultipart(c *Call, contentType string, body []byte) error {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("multipart content type %q: %w", contentType, err)
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("multipart body: %w", err)
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return fmt.Errorf("multipart part %q: %w", p.FormName(), err)
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			if err := json.Unmarshal(data, &c.Body); err != nil {
				return fmt.Errorf("payload_json: %w", err)
			}
		case strings.HasPrefix(name, "files["):
			c.Files = append(c.Files, File{Field: name, Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		default:
			return fmt.Errorf("multipart part %q: not payload_json or files[n]", name)
		}
	}
	if c.Body == nil {
		return errors.New("multipart body without payload_json")
	}
	return nil
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (f *Server) gateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		f.t.Errorf("gateway upgrade: %v", err)
		return
	}
	f.wsMu.Lock()
	f.ws = ws
	f.wsMu.Unlock()
	f.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	for {
		var p struct {
			Op int            `json:"op"`
			D  map[string]any `json:"d"`
		}
		if err := ws.ReadJSON(&p); err != nil {
			return
		}
		switch p.Op {
		case 1:
			f.write(map[string]any{"op": 11})
		case 2:
			select {
			case f.Ident <- p.D:
			default:
			}
			f.Dispatch("READY", map[string]any{
				"v": 10, "session_id": "session", "guilds": []any{},
				"user":        map[string]any{"id": f.botUserID, "username": "ataxxbot", "bot": true},
				"application": map[string]any{"id": f.appID},
			})
		}
	}
}

func (f *Server) write(v any) {
	f.wsMu.Lock()
	defer f.wsMu.Unlock()
	if err := f.ws.WriteJSON(v); err != nil {
		f.t.Errorf("gateway write: %v", err)
	}
}

// Dispatch sends an event (op 0) with the next sequence number.
func (f *Server) Dispatch(event string, d any) {
	f.wsMu.Lock()
	f.seq++
	s := f.seq
	f.wsMu.Unlock()
	f.write(map[string]any{"op": 0, "t": event, "s": s, "d": d})
}

// WaitCall returns the first call from index from on that matches, and
// the index after it; it fails the test after 20 s.
func (f *Server) WaitCall(from int, match func(Call) bool) (Call, int) {
	f.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		f.mu.Lock()
		for i := from; i < len(f.calls); i++ {
			if match(f.calls[i]) {
				c := f.calls[i]
				f.mu.Unlock()
				return c, i + 1
			}
		}
		f.mu.Unlock()
		select {
		case <-f.change:
		case <-deadline:
			f.mu.Lock()
			defer f.mu.Unlock()
			var seen []string
			for _, c := range f.calls[from:] {
				seen = append(seen, fmt.Sprintf("%s %s %v", c.Method, c.Path, c.Body))
			}
			f.t.Fatalf("no matching call; calls since:\n%s", strings.Join(seen, "\n"))
		}
	}
}

// Calls returns every call so far.
func (f *Server) Calls() []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Call(nil), f.calls...)
}

// Count is how many calls the bot has made.
func (f *Server) Count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}
