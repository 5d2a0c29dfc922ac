package dev.dsh.schema;

import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Required;

/** A config written as a plain class: one annotation on a field, one on a getter. */
class ClassStyleConfig {

  @Description("Zone name.")
  @Required
  private String zone = "";

  private int retries;

  public String getZone() {
    return zone;
  }

  @Description("How many retries.")
  @Default("2")
  public int getRetries() {
    return retries;
  }
}
