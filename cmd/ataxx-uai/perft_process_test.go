//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// perftProcessDepth is the depth of the whole-process perft comparison:
// perft 7 from the start position, 5023479496 leaves (../shared/ataxx/
// perft.txt), a few seconds for either program.
const (
	perftProcessDepth  = 7
	perftProcessLeaves = 5023479496
	perftProcessPairs  = 3
)

// processCost is what one run of a program cost the machine.
type processCost struct {
	cpu    time.Duration // user + system, from the kernel's resource usage
	maxRSS int64         // peak resident set (VmHWM), in bytes
}

// runProcess runs name with args and stdin, checks that its output holds
// want, and returns what it cost.
//
// The peak RSS is not the rusage's Maxrss: Go starts a child with
// vfork, and Linux carries the parent's (this test binary's) high-water
// mark into the child's Maxrss at exec, so every program would seem to
// need at least what the test binary holds. Instead the child's own
// high-water mark, VmHWM in /proc/PID/status, is read every millisecond
// while it runs; it only grows, so the last reading is the peak unless
// the child grew in its last millisecond.
func runProcess(tb testing.TB, stdin string, want string, name string, args ...string) processCost {
	tb.Helper()
	cmd := exec.Command(name, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		tb.Fatalf("start %s: %v", name, err)
	}
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	peak := make(chan int64)
	done := make(chan struct{})
	go func() {
		var hwm int64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			if v, ok := readHWM(status); ok {
				hwm = max(hwm, v)
			}
			select {
			case <-done:
				peak <- hwm
				return
			case <-tick.C:
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	hwm := <-peak
	if err != nil {
		tb.Fatalf("run %s %s: %v", name, strings.Join(args, " "), err)
	}
	if !strings.Contains(out.String(), want) {
		tb.Fatalf("%s %s printed:\n%s\nwant it to contain %q", name, strings.Join(args, " "), out.String(), want)
	}
	if hwm == 0 {
		tb.Fatalf("no VmHWM read from %s while %s ran", status, name)
	}
	return processCost{cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), maxRSS: hwm}
}

// readHWM returns the VmHWM of a /proc/PID/status file in bytes; false
// once the process has exited (a zombie has no memory to report).
func readHWM(status string) (int64, bool) {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// BenchmarkPerftProcess measures perft 7 from the start position through
// ataxx-uai as a whole process (startup, UAI parsing, perft 1 to 7, exit):
// CPU time (user + system) and peak RSS, as the kernel counts them. If the
// environment variable LIBATAXX_PERFT holds a reference command (a program
// and its arguments, like "/path/to/libataxx/build/examples/perft 7",
// which must print the same count; that example counts every depth from 0
// to 7, as ataxx-uai counts 1 to 7, so both do the same work), it runs
// perftProcessPairs pairs, ours then the reference, and reports the median
// of the pairs' CPU ratios (ours/reference): below 1 we are faster.
// Without it, it reports ours. It reports; it asserts no speed.
//
//	LIBATAXX_PERFT="$HOME/libataxx/build/examples/perft 7" \
//	  go test -run '^$' -bench PerftProcess -benchtime 1x ./cmd/ataxx-uai/
func BenchmarkPerftProcess(b *testing.B) {
	ref := strings.Fields(os.Getenv("LIBATAXX_PERFT"))
	bin := buildUAI(b)
	input := fmt.Sprintf("uai\nposition startpos\nperft %d\nquit\n", perftProcessDepth)
	want := strconv.FormatUint(perftProcessLeaves, 10)
	var ours, theirs []processCost
	var ratios []float64
	for b.Loop() {
		ours, theirs, ratios = ours[:0], theirs[:0], ratios[:0]
		for range perftProcessPairs {
			o := runProcess(b, input, fmt.Sprintf("info depth %d nodes %s ", perftProcessDepth, want), bin)
			ours = append(ours, o)
			if len(ref) == 0 {
				continue
			}
			r := runProcess(b, "", want, ref[0], ref[1:]...)
			theirs = append(theirs, r)
			ratios = append(ratios, o.cpu.Seconds()/r.cpu.Seconds())
		}
	}
	for i, o := range ours {
		if len(ref) == 0 {
			b.Logf("run %d: ataxx-uai %.3f s CPU, %.1f MB peak RSS", i+1, o.cpu.Seconds(), mb(o.maxRSS))
			continue
		}
		r := theirs[i]
		b.Logf("pair %d: ataxx-uai %.3f s CPU, %.1f MB; reference %.3f s CPU, %.1f MB; ratio %.3f",
			i+1, o.cpu.Seconds(), mb(o.maxRSS), r.cpu.Seconds(), mb(r.maxRSS), ratios[i])
	}
	b.ReportMetric(median(ours, func(c processCost) float64 { return c.cpu.Seconds() }), "ours-cpu-s")
	b.ReportMetric(mb(slices.MaxFunc(ours, byRSS).maxRSS), "ours-peak-MB")
	if len(ref) == 0 {
		b.Log("LIBATAXX_PERFT is not set: no reference measured")
		return
	}
	b.ReportMetric(median(theirs, func(c processCost) float64 { return c.cpu.Seconds() }), "ref-cpu-s")
	b.ReportMetric(mb(slices.MaxFunc(theirs, byRSS).maxRSS), "ref-peak-MB")
	b.ReportMetric(median(ratios, func(r float64) float64 { return r }), "cpu-ratio")
}

func byRSS(a, b processCost) int { return int(a.maxRSS - b.maxRSS) }

func mb(bytes int64) float64 { return float64(bytes) / (1 << 20) }

// median returns the median of f over xs (the mean of the middle two for
// an even count).
func median[T any](xs []T, f func(T) float64) float64 {
	v := make([]float64, len(xs))
	for i, x := range xs {
		v[i] = f(x)
	}
	slices.Sort(v)
	if n := len(v); n%2 == 0 {
		return (v[n/2-1] + v[n/2]) / 2
	}
	return v[len(v)/2]
}
