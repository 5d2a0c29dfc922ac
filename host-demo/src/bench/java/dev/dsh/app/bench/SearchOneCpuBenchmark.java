package dev.dsh.app.bench;

import org.openjdk.jmh.annotations.Fork;

/** (a) again, in forks started with {@code -XX:ActiveProcessorCount=1} and no other flag. */
@Fork(value = 3, jvmArgsAppend = "-XX:ActiveProcessorCount=1")
public class SearchOneCpuBenchmark extends SearchBenchmark {}
