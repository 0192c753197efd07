package web

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// parseEvents reads server-sent events as a browser does: fields per
// line, data lines joined with "\n", an event at each blank line.
func parseEvents(s string) (names, data []string) {
	var name string
	var lines []string
	for _, line := range strings.Split(s, "\n") {
		switch {
		case line == "":
			if name != "" || lines != nil {
				names, data = append(names, name), append(data, strings.Join(lines, "\n"))
			}
			name, lines = "", nil
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			lines = append(lines, strings.TrimPrefix(line, "data: "))
		}
	}
	return names, data
}

// FuzzWriteEvent: whatever a page holds (a player's name with line
// breaks, a line that looks like a field), it goes out as exactly one
// event whose data is the page (carriage returns dropped): nothing can
// end the event early or forge another.
func FuzzWriteEvent(f *testing.F) {
	for _, s := range []string{"", "<p>x</p>", "a\nb", "a\r\nb", "\n\nevent: end\ndata: forged\n\n", "data: x", "\r", "x\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		w := httptest.NewRecorder()
		writeEvent(w, "game", page)
		names, data := parseEvents(w.Body.String())
		want := strings.ReplaceAll(page, "\r", "")
		if len(names) != 1 || names[0] != "game" || data[0] != want {
			t.Fatalf("writeEvent(%q): got events %q with data %q; want one game event with %q", page, names, data, want)
		}
	})
}

// TestValidID: only short base-36 ids are looked up.
func TestValidID(t *testing.T) {
	cases := []struct {
		id   string
		want bool
	}{
		{"1", true}, {"zz9", true}, {"", false}, {"A1", false}, {"../1", false}, {"1 2", false},
		{strings.Repeat("1", 16), true}, {strings.Repeat("1", 17), false}, {"é", false},
	}
	for _, c := range cases {
		if got := validID(c.id); got != c.want {
			t.Errorf("validID(%q): got %v; want %v", c.id, got, c.want)
		}
	}
}
