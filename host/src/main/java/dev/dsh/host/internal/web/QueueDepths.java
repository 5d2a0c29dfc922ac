package dev.dsh.host.internal.web;

import dev.dsh.api.web.WebService;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How many searches wait in each registered provider's line, for metrics. */
public final class QueueDepths {

  private static final Logger LOG = LoggerFactory.getLogger(QueueDepths.class);

  private QueueDepths() {}

  /**
   * Each provider's {@link dev.dsh.api.web.WebSearchProvider#queueDepth()}, by id in id order, of
   * {@code service} (the host's, or a scope's view of it; any other has none to tell). A provider
   * whose count throws or is negative counts 0.
   */
  public static Map<String, Integer> of(WebService service) {
    WebService own = service instanceof ScopedWebService view ? view.service() : service;
    Map<String, Integer> depths = new TreeMap<>();
    if (own instanceof WebServiceImpl impl) {
      for (Registration registration : impl.snapshot()) {
        depths.put(registration.id(), depth(registration));
      }
    }
    return depths;
  }

  private static int depth(Registration registration) {
    try {
      return Math.max(0, registration.provider().queueDepth());
    } catch (RuntimeException e) {
      LOG.debug("web provider \"{}\" failed to report its queue depth", registration.id(), e);
      return 0;
    }
  }
}
