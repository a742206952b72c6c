//go:build !linux

package solver

// threadCPU is not measured off Linux; the benchmarks then report no
// cpu-ns/op.
func threadCPU() int64 { return 0 }
