import FuzzSupport

runFuzzer { data, size in fuzzDSL(data, size) }
