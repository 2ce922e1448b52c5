import FuzzSupport

runFuzzer { data, size in fuzzWidth(data, size) }
