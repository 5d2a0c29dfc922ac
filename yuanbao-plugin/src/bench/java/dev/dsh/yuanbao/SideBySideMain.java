package dev.dsh.yuanbao;

/**
 * (b) side by side in one JVM: {@link DecodeBenchmark#decodeAndMap} and {@link
 * DecodeBenchmark#jacksonTree} on the same body, in interleaved rounds, so both see the same load;
 * then {@link DecodeBenchmark#envelopeOnly}, the pass over the envelope both must make, and the
 * floor of a streaming decode: {@link DecodeBenchmark#streamedFields} plus the url checks, text
 * cleaning and date parsing the mapping adds. Arguments: rounds, seconds per side per round.
 */
public final class SideBySideMain {

  private SideBySideMain() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 5;
    for (String kind : new String[] {"plain", "bench"}) {
      DecodeBenchmark b = new DecodeBenchmark();
      b.kind = kind;
      b.setUp();
      time(b::decodeAndMap, seconds); // warm-up
      time(b::jacksonTree, seconds);
      time(b::streamedFields, seconds);
      for (int r = 1; r <= rounds; r++) {
        double mapped = time(b::decodeAndMap, seconds);
        double tree = time(b::jacksonTree, seconds);
        double envelope = time(b::envelopeOnly, seconds / 2);
        double streamed = time(b::streamedFields, seconds);
        double steps = time(() -> b.urlChecks() + b.textCleaning() + b.dateParsing(), seconds / 2);
        System.out.printf(
            "%s round %d: decodeAndMap %.1f us, jacksonTree %.1f us, ratio %.2f;"
                + " envelopeOnly %.1f us (beyond it: %.1f and %.1f us);"
                + " floor %.1f + %.1f us, ratio %.2f%n",
            kind, r, mapped, tree, mapped / tree, envelope, mapped - envelope, tree - envelope,
            streamed, steps, (streamed + steps) / tree);
      }
    }
  }

  private static Object sink;

  /** Mean microseconds per call over about {@code seconds}. */
  private static double time(java.util.function.Supplier<?> call, double seconds) {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long start = System.nanoTime();
    long n = 0;
    while (System.nanoTime() < end) {
      for (int i = 0; i < 20; i++) {
        sink = call.get();
      }
      n += 20;
    }
    return (System.nanoTime() - start) / 1e3 / n;
  }
}
