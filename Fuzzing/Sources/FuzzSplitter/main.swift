import FuzzSupport

runFuzzer { data, size in fuzzSplitter(data, size) }
