package dev.dsh.yuanbao;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The provider's waiting line, in arrival order, owned by commands run one at a time by whichever
 * submitting thread finds none running: no lock, no thread.
 */
final class SearchQueue {

  /** With less time left, a request could not be answered in time: it would only cost quota. */
  static final Duration LEAST_TIME_LEFT = Duration.ofMillis(50);

  /** A search's place in the line; {@code started[0]} once it holds a permit. */
  private record Ticket(int cap, Instant deadline, Runnable start, boolean[] started) {}

  private final Queue<Runnable> commands = new ConcurrentLinkedQueue<>();
  private final AtomicInteger pending = new AtomicInteger();
  // Owned by the command being run:
  private final ArrayDeque<Ticket> waiting = new ArrayDeque<>();
  private int running;
  // Written by the command being run, read by anyone (metrics): racy by design.
  private volatile int depth;

  int depth() {
    return depth;
  }

  /**
   * Runs {@code start} (which must not throw) once fewer than {@code cap} run and all ahead have
   * started or left, unless {@code deadline} is too near by then; returns the search's exit.
   */
  Runnable enter(int cap, Instant deadline, Runnable start) {
    Ticket ticket = new Ticket(cap, deadline, start, new boolean[1]);
    submit(() -> {
      waiting.add(ticket);
      startWhatFits();
    });
    return () -> submit(() -> {
      if (ticket.started[0]) {
        running--;
      } else {
        waiting.remove(ticket);
      }
      startWhatFits();
    });
  }

  private void startWhatFits() {
    Ticket head;
    while ((head = waiting.peek()) != null && running < head.cap()) {
      waiting.poll();
      if (Instant.now().plus(LEAST_TIME_LEFT).isAfter(head.deadline())) {
        continue; // never started: it ends when its deadline fires, its exit finding it gone
      }
      head.started[0] = true;
      running++;
      head.start().run();
    }
    depth = waiting.size();
  }

  private void submit(Runnable command) {
    commands.add(command);
    if (pending.getAndIncrement() != 0) {
      return; // the thread running commands runs this one too
    }
    do {
      commands.remove().run();
    } while (pending.decrementAndGet() != 0);
  }
}
