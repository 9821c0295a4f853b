// go_bench.go - Go's side of bench/concurrency: buffered channels and
// goroutines doing what neve_bench.cpp does with the Neve runtime. Prints
// `NAME VALUE UNIT` lines:
//
//	spsc     1 producer, 1 consumer, ITEMS ints through make(chan int32, 128)
//	mpmc     4 producers, 4 consumers, ITEMS ints in all
//	spawn1   go func(){} + WaitGroup.Wait, ns per round trip
//	spawn64  64 x go func(){} + WaitGroup.Wait, ns per goroutine
//
// The last producer closes the channel; consumers range over it. Run with
// GOMAXPROCS set by the caller (run.py: the machine's core count).
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

const capacity = 128

func channelRate(p, c int, items int64) float64 {
	ch := make(chan int32, capacity)
	per := items / int64(p)
	var left int32 = int32(p)
	var received, sum int64
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < p; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := int64(0); k < per; k++ {
				ch <- int32(k & 0xffff)
			}
			if atomic.AddInt32(&left, -1) == 0 {
				close(ch)
			}
		}()
	}
	for i := 0; i < c; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var n, s int64
			for v := range ch {
				n++
				s += int64(v)
			}
			atomic.AddInt64(&received, n)
			atomic.AddInt64(&sum, s)
		}()
	}
	wg.Wait()
	t := time.Since(start).Seconds()
	if received != per*int64(p) {
		fmt.Fprintf(os.Stderr, "lost values: %d of %d\n", received, per*int64(p))
		os.Exit(1)
	}
	return float64(per*int64(p)) / t
}

func spawnNs(n, rounds int) float64 {
	start := time.Now()
	for r := 0; r < rounds; r++ {
		var wg sync.WaitGroup
		wg.Add(n)
		for i := 0; i < n; i++ {
			go func() { wg.Done() }()
		}
		wg.Wait()
	}
	return float64(time.Since(start).Nanoseconds()) / float64(rounds*n)
}

func main() {
	items := int64(2000000)
	if len(os.Args) > 1 {
		items, _ = strconv.ParseInt(os.Args[1], 10, 64)
	}
	spawnNs(64, 10)
	fmt.Printf("spsc %.0f ops/s\n", channelRate(1, 1, items))
	fmt.Printf("mpmc %.0f ops/s\n", channelRate(4, 4, items))
	fmt.Printf("spawn1 %.1f ns\n", spawnNs(1, 20000))
	fmt.Printf("spawn64 %.1f ns\n", spawnNs(64, 500))
}
