import FuzzSupport

runFuzzer { data, size in fuzzCSV(data, size) }
