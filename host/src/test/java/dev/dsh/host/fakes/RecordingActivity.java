package dev.dsh.host.fakes;

import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.SearchRecord;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Keeps what a host reports; a search's end is awaited, since it is reported as it completes. */
public final class RecordingActivity implements ActivityListener {

  /** How long a test waits for a report before it fails: a hang bound, never a timing. */
  public static final long HANG_BOUND_SECONDS = 20;

  public final List<String> started = new CopyOnWriteArrayList<>();
  public final List<List<String>> reloads = new CopyOnWriteArrayList<>();
  private final BlockingQueue<SearchRecord> ended = new LinkedBlockingQueue<>();

  @Override
  public void searchStarted(String query) {
    started.add(query);
  }

  @Override
  public void searchEnded(SearchRecord search) {
    ended.add(search);
  }

  @Override
  public void reloaded(List<String> problems) {
    reloads.add(problems);
  }

  /** The next ended search, in the order they ended. */
  public SearchRecord nextEnded() throws InterruptedException {
    SearchRecord next = ended.poll(HANG_BOUND_SECONDS, TimeUnit.SECONDS);
    if (next == null) {
      throw new AssertionError("no search ended within " + HANG_BOUND_SECONDS + " s");
    }
    return next;
  }

  /** Ended searches not yet taken by {@link #nextEnded()}. */
  public int untaken() {
    return ended.size();
  }
}
