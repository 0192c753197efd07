package agent

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as the child programs these tests need: with
// AGENT_TEST_CHILD set, TestMain behaves as that child.
func TestMain(m *testing.M) {
	if c := os.Getenv("AGENT_TEST_CHILD"); c != "" {
		child(c)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func child(kind string) {
	in := bufio.NewScanner(os.Stdin)
	switch kind {
	case "echo":
		for in.Scan() {
			fmt.Println("echo " + in.Text())
		}
	case "crash":
		in.Scan()
		os.Exit(3)
	case "hang":
		time.Sleep(time.Hour)
	case "long":
		in.Scan()
		fmt.Println(strings.Repeat("y", MaxLine+10))
		time.Sleep(time.Hour)
	case "crlf":
		fmt.Print("0 3 DOWN\r\n")
		time.Sleep(time.Hour)
	}
}

func startChild(t *testing.T, kind string) *Process {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("AGENT_TEST_CHILD", kind)
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	p, err := Start(exe, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.Kill()
		if err := syscall.Kill(p.Pid(), 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("child %d not reaped: %v", p.Pid(), err)
		}
	})
	return p
}

func TestProcessEcho(t *testing.T) {
	p := startChild(t, "echo")
	if err := p.Send("hello", "world"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"echo hello", "echo world"} {
		if got, err := p.ReadLine(5 * time.Second); err != nil || got != want {
			t.Fatalf("got %q, %v; want %q", got, err, want)
		}
	}
}

func TestProcessTimeoutAndPause(t *testing.T) {
	p := startChild(t, "echo")
	if _, err := p.ReadLine(50 * time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Fatalf("silence: got %v; want ErrTimeout", err)
	}
	// Make sure it is running, then pause it: a paused agent cannot
	// answer; resumed, it does.
	p.Send("ping")
	if _, err := p.ReadLine(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	p.Pause()
	// SIGSTOP takes effect asynchronously; on a busy machine give it a
	// moment before testing that the agent cannot answer.
	time.Sleep(100 * time.Millisecond)
	p.Send("paused")
	if got, err := p.ReadLine(200 * time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Fatalf("paused agent answered %q, %v", got, err)
	}
	p.Resume()
	if got, err := p.ReadLine(5 * time.Second); err != nil || got != "echo paused" {
		t.Fatalf("resumed: got %q, %v; want \"echo paused\"", got, err)
	}
}

func TestProcessCrash(t *testing.T) {
	p := startChild(t, "crash")
	p.Send("go")
	if _, err := p.ReadLine(5 * time.Second); !errors.Is(err, ErrExited) {
		t.Fatalf("got %v; want ErrExited", err)
	}
	select {
	case <-p.Exited():
	case <-time.After(5 * time.Second):
		t.Fatal("crashed child not reaped")
	}
	if err := p.Send("more"); !errors.Is(err, ErrExited) {
		t.Errorf("write to a dead agent: got %v; want ErrExited", err)
	}
}

func TestProcessGarbage(t *testing.T) {
	p := startChild(t, "long")
	p.Send("go")
	if _, err := p.ReadLine(5 * time.Second); !errors.Is(err, ErrGarbage) {
		t.Fatalf("got %v; want ErrGarbage", err)
	}
}

func TestProcessCRLF(t *testing.T) {
	p := startChild(t, "crlf")
	if got, err := p.ReadLine(5 * time.Second); err != nil || got != "0 3 DOWN" {
		t.Fatalf("got %q, %v; want \"0 3 DOWN\"", got, err)
	}
}

func TestProcessHangIsKilled(t *testing.T) {
	p := startChild(t, "hang")
	p.Pause()
	start := time.Now()
	p.Close(100 * time.Millisecond)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Close took %v", d)
	}
	select {
	case <-p.Exited():
	default:
		t.Error("Close returned before the child was reaped")
	}
}

func TestStartMissingProgram(t *testing.T) {
	if _, err := Start("/nonexistent/agent", nil); err == nil {
		t.Error("started a program that does not exist")
	}
}
