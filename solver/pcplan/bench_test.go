package pcplan

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// timedPlanner records how long each of the planner's calls takes.
type timedPlanner struct {
	p     *Planner
	calls []time.Duration
}

func (t *timedPlanner) Override(st *solver.State) (solver.Plan, bool) {
	start := time.Now()
	plan, ok := t.p.Override(st)
	t.calls = append(t.calls, time.Since(start))
	return plan, ok
}

// BenchmarkPlannerMarathon plays five 3-minute marathons (seeds 1 to 5)
// with kocka and the planner at each budget, and reports the perfect
// clears made and the time of the planner's calls: the figures behind the
// window bot's budget (docs/benchmarks.md). One iteration is all five
// games.
//
//	go test -run '^$' -bench PlannerMarathon -benchtime 1x ./solver/pcplan/
func BenchmarkPlannerMarathon(b *testing.B) {
	for _, budget := range []int{0, 2048, 8192, 32768} {
		b.Run(fmt.Sprintf("budget=%d", budget), func(b *testing.B) {
			for range b.N {
				tp := &timedPlanner{p: &Planner{MaxLines: 4, Budget: budget}}
				clears := 0
				for seed := uint64(1); seed <= 5; seed++ {
					bot, err := solver.NewBot(solver.BotConfig{Personality: "kocka", Override: tp})
					if err != nil {
						b.Fatal(err)
					}
					g, err := engine.NewGame(engine.ConfigFor(engine.GoalMarathon), seed)
					if err != nil {
						b.Fatal(err)
					}
					d := solver.NewDriver(bot, solver.DriverConfig{})
					for i := 0; i < 3*60*60 && !g.Over(); i++ {
						g.Tick(d.Next(g))
					}
					clears += g.Stats().PerfectClears
				}
				slices.Sort(tp.calls)
				n := len(tp.calls)
				ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
				b.ReportMetric(float64(clears), "PCs")
				b.ReportMetric(float64(tp.p.Stats.GaveUp), "spent")
				b.ReportMetric(ms(tp.calls[n/2]), "p50-ms")
				b.ReportMetric(ms(tp.calls[n*99/100]), "p99-ms")
				b.ReportMetric(ms(tp.calls[n-1]), "max-ms")
			}
		})
	}
}
