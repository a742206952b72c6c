package hatetris

import "sync"

// learnedNet reads the built-in network once; TestLearnedWeightsLoad
// checks that it reads.
var learnedNet = sync.OnceValues(func() (*Net, error) { return UnmarshalNet(LearnedWeights) })

// LearnedEval is the "learned" evaluation with network n.
func LearnedEval(n *Net) EvalWeights {
	for _, w := range EvalSets {
		if w.Name == "learned" {
			w.Net = n
			return w
		}
	}
	panic("hatetris: no learned set in EvalSets")
}
