package irc

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"
)

// recordConn is a net.Conn that keeps what is written to it.
type recordConn struct {
	net.Conn
	wrote strings.Builder
}

func (r *recordConn) Write(p []byte) (int, error) { return r.wrote.Write(p) }

func TestWireConnHoldsBackGircQueries(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		want   string   // written to the server
		held   []string // handed to held
	}{
		{"a PRIVMSG passes", []string{"PRIVMSG #a :hi\r\n"}, "PRIVMSG #a :hi\r\n", nil},
		{"girc's channel WHO and MODE are held", []string{"WHO #a %tacuhnr,1\r\n", "MODE #a\r\n"}, "", []string{"WHO #a %tacuhnr,1", "MODE #a"}},
		{"girc's user WHO is held", []string{"WHO bob %tacuhnr,1\r\n"}, "", []string{"WHO bob %tacuhnr,1"}},
		{"the bot's own WHO passes", []string{"WHO #a %acuhnrt,1\r\n"}, "WHO #a %acuhnrt,1\r\n", nil},
		{"a mode change passes", []string{"MODE ataxxbot +B\r\n", "MODE #a +o bob\r\n"}, "MODE ataxxbot +B\r\nMODE #a +o bob\r\n", nil},
		{"a line split over writes", []string{"WHO #a %tac", "uhnr,1\r\nPRIV", "MSG #a :x\r\n"}, "PRIVMSG #a :x\r\n", []string{"WHO #a %tacuhnr,1"}},
		{"several lines in one write", []string{"JOIN #a,#b\r\nMODE #a\r\nPONG :x\r\n"}, "JOIN #a,#b\r\nPONG :x\r\n", []string{"MODE #a"}},
	}
	for _, tt := range tests {
		rec := &recordConn{}
		var held []string
		w := &wireConn{Conn: rec, held: func(l string) { held = append(held, l) }}
		for _, p := range tt.writes {
			if n, err := w.Write([]byte(p)); n != len(p) || err != nil {
				t.Errorf("%s: Write(%q) = %d, %v; want %d, nil", tt.name, p, n, err, len(p))
			}
		}
		if got := rec.wrote.String(); got != tt.want {
			t.Errorf("%s: wrote %q; want %q", tt.name, got, tt.want)
		}
		if strings.Join(held, "|") != strings.Join(tt.held, "|") {
			t.Errorf("%s: held %q; want %q", tt.name, held, tt.held)
		}
	}
}

// TestWireDialerTLS: with TLS the dialer's connection is encrypted below
// wireConn, so the server reads the lines it lets through, and none it
// holds back.
func TestWireDialerTLS(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "irc.test"}, DNSNames: []string{"irc.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			got <- err.Error()
			return
		}
		defer c.Close()
		b, _ := io.ReadAll(bufio.NewReader(c))
		got <- string(b)
	}()
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	var held []string
	c, err := wireDialer{tls: &tls.Config{ServerName: "irc.test", RootCAs: roots}, held: func(l string) { held = append(held, l) }}.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("WHO #a %tacuhnr,1\r\nPRIVMSG #a :over tls\r\n"))
	c.Close()
	if g := <-got; g != "PRIVMSG #a :over tls\r\n" {
		t.Errorf("the server read %q; want only the PRIVMSG", g)
	}
	if len(held) != 1 || held[0] != "WHO #a %tacuhnr,1" {
		t.Errorf("held %q; want girc's WHO", held)
	}
}
