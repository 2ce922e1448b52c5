import FuzzSupport

runFuzzer { data, size in fuzzRegexp(data, size) }
