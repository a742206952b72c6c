// Command mkstrategy cuts a certificate of `kocka prove gobblet --variant
// ab` down to the drawing strategy the game embeds (gobai.Strategy),
// verifies it and writes it atomically:
//
//	kocka prove gobblet --variant ab --first attacker --out ab-attacker.proof
//	go run ./gobai/mkstrategy -cert ab-attacker.proof -first attacker -out gobai/ab-attacker.strategy
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/kocka/kocka/gobai"
	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

func main() {
	cert := flag.String("cert", "", "the certificate (kocka prove gobblet --variant ab --out FILE)")
	first := flag.String("first", "attacker", "who moves first: attacker or drawing (as in the certificate)")
	out := flag.String("out", "", "the strategy file to write")
	flag.Parse()
	side := map[string]int{"attacker": gobblet.Attacker, "drawing": gobblet.Drawing}
	f, ok := side[*first]
	if *cert == "" || *out == "" || !ok || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: mkstrategy -cert FILE -first attacker|drawing -out FILE")
		os.Exit(2)
	}
	if err := run(*cert, f, *out); err != nil {
		fmt.Fprintln(os.Stderr, "mkstrategy:", err)
		os.Exit(1)
	}
}

func run(certFile string, first int, out string) error {
	t0 := time.Now()
	fh, err := os.Open(certFile)
	if err != nil {
		return err
	}
	defer fh.Close()
	c, err := prove.ReadCertificate(fh)
	if err != nil {
		return fmt.Errorf("%s: %w", certFile, err)
	}
	s, err := gobai.BuildStrategy(c, first)
	if err != nil {
		return err
	}
	fmt.Printf("certificate: %d states; strategy: %d attacker positions (%.1f s)\n", len(c.Entries), len(s.Safe), time.Since(t0).Seconds())
	st, err := s.Verify()
	if err != nil {
		return fmt.Errorf("the strategy does not verify: %w", err)
	}
	fmt.Printf("verified: %d positions, %d attacker moves, %d replies (%d won at once) (%.1f s)\n",
		st.Safe, st.Attacker, st.Replies, st.WinsNow, time.Since(t0).Seconds())
	var buf bytes.Buffer
	if err := s.Encode(&buf); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s: %d bytes\n", out, buf.Len())
	return nil
}
