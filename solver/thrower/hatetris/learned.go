package hatetris

import "sync"

// learnedNet reads the built-in network once; TestLearnedWeightsLoad
// checks that it reads.
var learnedNet = sync.OnceValues(func() (*Net, error) { return UnmarshalNet(LearnedWeights) })
