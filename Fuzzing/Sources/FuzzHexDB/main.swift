import FuzzSupport

runFuzzer { data, size in fuzzHexDB(data, size) }
